#include "wwdc_zlib.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// zlib's z_stream, field for field (zlib.h): its layout is part of zlib's ABI, unchanged since 1.0,
// and inflateInit2_ checks its size.
typedef struct {
    const uint8_t *next_in;
    unsigned int avail_in;
    unsigned long total_in;
    uint8_t *next_out;
    unsigned int avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *zalloc;
    void *zfree;
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
} z_stream;

typedef int (*inflate_init2_fn)(z_stream *, int, const char *, int);
typedef int (*inflate_fn)(z_stream *, int);
typedef int (*inflate_end_fn)(z_stream *);
typedef int (*inflate_reset_fn)(z_stream *);
typedef const char *(*zlib_version_fn)(void);
typedef int (*compress2_fn)(uint8_t *, unsigned long *, const uint8_t *, unsigned long, int);
typedef unsigned long (*compress_bound_fn)(unsigned long);
typedef int (*uncompress_fn)(uint8_t *, unsigned long *, const uint8_t *, unsigned long);

static struct {
    inflate_init2_fn inflate_init2;
    inflate_fn inflate;
    inflate_end_fn inflate_end;
    inflate_reset_fn inflate_reset;
    zlib_version_fn version;
    compress2_fn compress2;
    compress_bound_fn compress_bound;
    uncompress_fn uncompress;
} zlib;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char load_error[256] = "zlib was not loaded";

static void load(void) {
    static const char *const names[] = {
#ifdef __APPLE__
        "/usr/lib/libz.1.dylib", "libz.1.dylib", "libz.dylib",
#else
        "libz.so.1", "libz.so",
#endif
    };
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load zlib: %s", reason ? reason : "not found");
        return;
    }
    zlib.inflate_init2 = (inflate_init2_fn)dlsym(library, "inflateInit2_");
    zlib.inflate = (inflate_fn)dlsym(library, "inflate");
    zlib.inflate_end = (inflate_end_fn)dlsym(library, "inflateEnd");
    zlib.inflate_reset = (inflate_reset_fn)dlsym(library, "inflateReset");
    zlib.version = (zlib_version_fn)dlsym(library, "zlibVersion");
    zlib.compress2 = (compress2_fn)dlsym(library, "compress2");
    zlib.compress_bound = (compress_bound_fn)dlsym(library, "compressBound");
    zlib.uncompress = (uncompress_fn)dlsym(library, "uncompress");
    if (!zlib.inflate_init2 || !zlib.inflate || !zlib.inflate_end || !zlib.inflate_reset || !zlib.version
        || !zlib.compress2 || !zlib.compress_bound || !zlib.uncompress) {
        snprintf(load_error, sizeof load_error, "the zlib found lacks inflate or compress");
        return;
    }
    // zlib refuses a caller built for another major version; 1.x is the only one there is.
    if (zlib.version()[0] != '1') {
        snprintf(load_error, sizeof load_error, "zlib %s is not version 1", zlib.version());
        return;
    }
    loaded = 0;
}

int wwdc_zlib_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *wwdc_zlib_load_error(void) { return load_error; }

void *wwdc_inflater_new(int window_bits) {
    if (wwdc_zlib_load() != 0) return NULL;
    z_stream *stream = calloc(1, sizeof(z_stream));
    if (stream == NULL) return NULL;
    if (zlib.inflate_init2(stream, window_bits, zlib.version(), (int)sizeof(z_stream)) != WWDC_Z_OK) {
        free(stream);
        return NULL;
    }
    return stream;
}

int wwdc_inflater_run(void *inflater, const uint8_t *input, size_t input_count, size_t *consumed,
                      uint8_t *output, size_t output_count, size_t *produced) {
    z_stream *stream = inflater;
    // zlib counts in unsigned int: larger buffers are taken a part at a time by the caller's loop.
    unsigned int in = input_count > 0x40000000u ? 0x40000000u : (unsigned int)input_count;
    unsigned int out = output_count > 0x40000000u ? 0x40000000u : (unsigned int)output_count;
    stream->next_in = input;
    stream->avail_in = in;
    stream->next_out = output;
    stream->avail_out = out;
    int code = zlib.inflate(stream, 0);
    *consumed = in - stream->avail_in;
    *produced = out - stream->avail_out;
    return code;
}

int wwdc_inflater_reset(void *inflater) { return zlib.inflate_reset(inflater); }

const char *wwdc_inflater_message(void *inflater) { return ((z_stream *)inflater)->msg; }

void wwdc_inflater_free(void *inflater) {
    if (inflater == NULL) return;
    zlib.inflate_end(inflater);
    free(inflater);
}

size_t wwdc_zlib_compress_bound(size_t count) {
    if (wwdc_zlib_load() != 0) return 0;
    return zlib.compress_bound((unsigned long)count);
}

int wwdc_zlib_compress(const uint8_t *input, size_t input_count, uint8_t *output, size_t *output_count, int level) {
    if (wwdc_zlib_load() != 0) return WWDC_Z_MEM_ERROR;
    unsigned long produced = *output_count;
    int code = zlib.compress2(output, &produced, input, (unsigned long)input_count, level);
    *output_count = produced;
    return code;
}

int wwdc_zlib_uncompress(const uint8_t *input, size_t input_count, uint8_t *output, size_t *output_count) {
    if (wwdc_zlib_load() != 0) return WWDC_Z_MEM_ERROR;
    unsigned long produced = *output_count;
    int code = zlib.uncompress(output, &produced, input, (unsigned long)input_count);
    *output_count = produced;
    return code;
}
