// libcurl, loaded at run time: the library URLSession itself uses on Linux (so it is always there
// where wwdc runs), reached without its development headers, which a user would have to install.
// Only what video and feed downloads need. The option and info numbers are libcurl's, stable across its
// versions; the variadic setters are wrapped in C, where variadic calls are made correctly.
#ifndef WWDC_CURL_H
#define WWDC_CURL_H

#include <stddef.h>
#include <stdint.h>

typedef size_t (*wwdc_curl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*wwdc_curl_progress_callback)(void *context, int64_t download_total, int64_t downloaded,
                                           int64_t upload_total, int64_t uploaded);

enum {
    WWDC_CURLOPT_WRITEDATA = 10001,
    WWDC_CURLOPT_URL = 10002,
    WWDC_CURLOPT_ERRORBUFFER = 10010,
    WWDC_CURLOPT_HTTPHEADER = 10023,
    WWDC_CURLOPT_HEADERDATA = 10029,
    WWDC_CURLOPT_XFERINFODATA = 10057,
    WWDC_CURLOPT_USERAGENT = 10018,
    WWDC_CURLOPT_WRITEFUNCTION = 20011,
    WWDC_CURLOPT_HEADERFUNCTION = 20079,
    WWDC_CURLOPT_XFERINFOFUNCTION = 20219,
    WWDC_CURLOPT_LOW_SPEED_LIMIT = 19,
    WWDC_CURLOPT_LOW_SPEED_TIME = 20,
    WWDC_CURLOPT_NOPROGRESS = 43,
    WWDC_CURLOPT_FOLLOWLOCATION = 52,
    WWDC_CURLOPT_MAXREDIRS = 68,
    WWDC_CURLOPT_CONNECTTIMEOUT = 78,
    WWDC_CURLOPT_NOSIGNAL = 99,
    WWDC_CURLOPT_BUFFERSIZE = 98,
    WWDC_CURLOPT_PROTOCOLS = 181,
    WWDC_CURLOPT_REDIR_PROTOCOLS = 182,
    WWDC_CURLOPT_HTTP_CONTENT_DECODING = 158,
};

enum {
    WWDC_CURLINFO_RESPONSE_CODE = 0x200002,
};

enum {
    WWDC_CURLPROTO_HTTP = 1,
    WWDC_CURLPROTO_HTTPS = 2,
};

/// Loads libcurl once; 0 when it is ready, else -1 and `wwdc_curl_load_error` says why.
int wwdc_curl_load(void);
const char *wwdc_curl_load_error(void);

void *wwdc_curl_easy_init(void);
void wwdc_curl_easy_cleanup(void *handle);
/// Forgets a handle's options, keeping its connections open for the next transfer.
void wwdc_curl_easy_reset(void *handle);
int wwdc_curl_easy_perform(void *handle);
const char *wwdc_curl_easy_strerror(int code);
int wwdc_curl_setopt_long(void *handle, int option, long value);
int wwdc_curl_setopt_pointer(void *handle, int option, const void *value);
int wwdc_curl_setopt_data_callback(void *handle, int option, wwdc_curl_data_callback callback);
int wwdc_curl_setopt_progress_callback(void *handle, wwdc_curl_progress_callback callback);
int wwdc_curl_getinfo_long(void *handle, int info, long *value);
void *wwdc_curl_slist_append(void *list, const char *text);
void wwdc_curl_slist_free_all(void *list);

// What a download does with the file it writes, beyond libc as Swift sees it.
#include "wwdc_file.h"

#endif
