#include "wwdc_curl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// CURLcode is an int-sized enum; CURLoption and CURLINFO too.
typedef void *(*easy_init_fn)(void);
typedef void (*easy_cleanup_fn)(void *);
typedef void (*easy_reset_fn)(void *);
typedef int (*easy_perform_fn)(void *);
typedef const char *(*easy_strerror_fn)(int);
typedef int (*easy_setopt_fn)(void *, int, ...);
typedef int (*easy_getinfo_fn)(void *, int, ...);
typedef void *(*slist_append_fn)(void *, const char *);
typedef void (*slist_free_all_fn)(void *);
typedef int (*global_init_fn)(long);

static struct {
    easy_init_fn easy_init;
    easy_cleanup_fn easy_cleanup;
    easy_reset_fn easy_reset;
    easy_perform_fn easy_perform;
    easy_strerror_fn easy_strerror;
    easy_setopt_fn easy_setopt;
    easy_getinfo_fn easy_getinfo;
    slist_append_fn slist_append;
    slist_free_all_fn slist_free_all;
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *library_handle = NULL;
static int loaded = -1;
static char load_error[256] = "libcurl was not loaded";

static void *find(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL) snprintf(load_error, sizeof load_error, "libcurl lacks %s", name);
    return symbol;
}

static void load(void) {
    static const char *const names[] = {
#ifdef __APPLE__
        "/usr/lib/libcurl.4.dylib", "libcurl.4.dylib", "libcurl.dylib",
#else
        "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so",
#endif
    };
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load libcurl: %s", reason ? reason : "not found");
        return;
    }
    library_handle = library;
    global_init_fn global_init = (global_init_fn)find(library, "curl_global_init");
    curl.easy_init = (easy_init_fn)find(library, "curl_easy_init");
    curl.easy_cleanup = (easy_cleanup_fn)find(library, "curl_easy_cleanup");
    curl.easy_reset = (easy_reset_fn)find(library, "curl_easy_reset");
    curl.easy_perform = (easy_perform_fn)find(library, "curl_easy_perform");
    curl.easy_strerror = (easy_strerror_fn)find(library, "curl_easy_strerror");
    curl.easy_setopt = (easy_setopt_fn)find(library, "curl_easy_setopt");
    curl.easy_getinfo = (easy_getinfo_fn)find(library, "curl_easy_getinfo");
    curl.slist_append = (slist_append_fn)find(library, "curl_slist_append");
    curl.slist_free_all = (slist_free_all_fn)find(library, "curl_slist_free_all");
    if (!global_init || !curl.easy_init || !curl.easy_cleanup || !curl.easy_reset || !curl.easy_perform || !curl.easy_strerror
        || !curl.easy_setopt || !curl.easy_getinfo || !curl.slist_append || !curl.slist_free_all) {
        return;
    }
    // CURL_GLOBAL_DEFAULT (SSL | WIN32); a second call by Foundation is harmless (reference counted).
    if (global_init(3) != 0) {
        snprintf(load_error, sizeof load_error, "libcurl did not initialise");
        return;
    }
    loaded = 0;
}

int wwdc_curl_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *wwdc_curl_load_error(void) { return load_error; }

void *wwdc_curl_symbol(const char *name) {
    return wwdc_curl_load() == 0 ? dlsym(library_handle, name) : NULL;
}

void *wwdc_curl_easy_init(void) { return curl.easy_init(); }
void wwdc_curl_easy_cleanup(void *handle) { curl.easy_cleanup(handle); }
void wwdc_curl_easy_reset(void *handle) { curl.easy_reset(handle); }
int wwdc_curl_easy_perform(void *handle) { return curl.easy_perform(handle); }
const char *wwdc_curl_easy_strerror(int code) { return curl.easy_strerror(code); }
int wwdc_curl_setopt_long(void *handle, int option, long value) { return curl.easy_setopt(handle, option, value); }
int wwdc_curl_setopt_pointer(void *handle, int option, const void *value) { return curl.easy_setopt(handle, option, value); }
int wwdc_curl_setopt_data_callback(void *handle, int option, wwdc_curl_data_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}
int wwdc_curl_setopt_progress_callback(void *handle, wwdc_curl_progress_callback callback) {
    return curl.easy_setopt(handle, WWDC_CURLOPT_XFERINFOFUNCTION, callback);
}
int wwdc_curl_getinfo_long(void *handle, int info, long *value) { return curl.easy_getinfo(handle, info, value); }
void *wwdc_curl_slist_append(void *list, const char *text) { return curl.slist_append(list, text); }
void wwdc_curl_slist_free_all(void *list) { curl.slist_free_all(list); }
