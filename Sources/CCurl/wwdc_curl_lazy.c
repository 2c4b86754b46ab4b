// libcurl's functions as FoundationNetworking calls them, each loading libcurl at its first call.
//
// Release builds link Foundation statically, and FoundationNetworking calls libcurl directly: the
// binary would then load libcurl, and the thirty libraries it needs, at every start, which is half
// of wwdc's start-up time, for commands that make no request. Defined here, these functions take
// the place of libcurl's at link time, and the linker (with --as-needed) leaves libcurl out of the
// libraries loaded at start; the first request loads it through wwdc_curl_load, as downloads do.
// Where the binary loads libcurl anyway (a build against the shared Foundation), the functions
// forward to the same library. Linux only: elsewhere Foundation does not use libcurl.
#if defined(__linux__)
#include "wwdc_curl.h"

#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>

void *wwdc_curl_symbol(const char *name);

/// libcurl's own function `name`. Without libcurl, no request can be made: FoundationNetworking has
/// no way to hear that, so the process says why and ends, as a missing library at start would.
static void *real(const char *name) {
    void *symbol = wwdc_curl_symbol(name);
    if (symbol == NULL) {
        dprintf(STDERR_FILENO, "Error: wwdc needs libcurl for HTTP, and it cannot be used here (%s)\n"
                "Hint: Install libcurl (Debian and Ubuntu: 'apt-get install libcurl4'; Fedora: 'dnf install libcurl').\n",
                wwdc_curl_load_error());
        _exit(1);
    }
    return symbol;
}

// The variadic setters and getters take one argument after the option: a long, a pointer or a
// curl_off_t, each passed in one 64-bit integer register on the 64-bit Linux ABIs, so it is
// forwarded as a pointer-sized value.
#define ONE_ARGUMENT(last) \
    va_list arguments;     \
    va_start(arguments, last); \
    void *argument = va_arg(arguments, void *); \
    va_end(arguments)

int curl_easy_setopt(void *handle, int option, ...) {
    ONE_ARGUMENT(option);
    return ((int (*)(void *, int, ...))real("curl_easy_setopt"))(handle, option, argument);
}
int curl_easy_getinfo(void *handle, int info, ...) {
    ONE_ARGUMENT(info);
    return ((int (*)(void *, int, ...))real("curl_easy_getinfo"))(handle, info, argument);
}
int curl_multi_setopt(void *multi, int option, ...) {
    ONE_ARGUMENT(option);
    return ((int (*)(void *, int, ...))real("curl_multi_setopt"))(multi, option, argument);
}

void *curl_easy_init(void) { return ((void *(*)(void))real("curl_easy_init"))(); }
void curl_easy_cleanup(void *handle) { ((void (*)(void *))real("curl_easy_cleanup"))(handle); }
int curl_easy_pause(void *handle, int bitmask) { return ((int (*)(void *, int))real("curl_easy_pause"))(handle, bitmask); }
const char *curl_easy_strerror(int code) { return ((const char *(*)(int))real("curl_easy_strerror"))(code); }
void curl_free(void *pointer) { ((void (*)(void *))real("curl_free"))(pointer); }
int curl_global_init(long flags) { return ((int (*)(long))real("curl_global_init"))(flags); }
void *curl_multi_init(void) { return ((void *(*)(void))real("curl_multi_init"))(); }
int curl_multi_cleanup(void *multi) { return ((int (*)(void *))real("curl_multi_cleanup"))(multi); }
int curl_multi_add_handle(void *multi, void *easy) { return ((int (*)(void *, void *))real("curl_multi_add_handle"))(multi, easy); }
int curl_multi_remove_handle(void *multi, void *easy) {
    return ((int (*)(void *, void *))real("curl_multi_remove_handle"))(multi, easy);
}
int curl_multi_assign(void *multi, int socket, void *pointer) {
    return ((int (*)(void *, int, void *))real("curl_multi_assign"))(multi, socket, pointer);
}
void *curl_multi_info_read(void *multi, int *remaining) {
    return ((void *(*)(void *, int *))real("curl_multi_info_read"))(multi, remaining);
}
int curl_multi_socket_action(void *multi, int socket, int events, int *running) {
    return ((int (*)(void *, int, int, int *))real("curl_multi_socket_action"))(multi, socket, events, running);
}
void *curl_slist_append(void *list, const char *text) { return ((void *(*)(void *, const char *))real("curl_slist_append"))(list, text); }
void curl_slist_free_all(void *list) { ((void (*)(void *))real("curl_slist_free_all"))(list); }
void *curl_url(void) { return ((void *(*)(void))real("curl_url"))(); }
int curl_url_get(void *url, int part, char **value, unsigned int flags) {
    return ((int (*)(void *, int, char **, unsigned int))real("curl_url_get"))(url, part, value, flags);
}
int curl_url_set(void *url, int part, const char *value, unsigned int flags) {
    return ((int (*)(void *, int, const char *, unsigned int))real("curl_url_set"))(url, part, value, flags);
}
char *curl_version(void) { return ((char *(*)(void))real("curl_version"))(); }
void *curl_version_info(int age) { return ((void *(*)(int))real("curl_version_info"))(age); }
#endif
