// zlib's inflate and one-shot compress, loaded at run time: the library libcurl itself links (so it
// is always there where wwdc runs), reached without its development headers. Only what decoding a
// compressed body and storing transcripts compressed need.
#ifndef WWDC_ZLIB_H
#define WWDC_ZLIB_H

#include <stddef.h>
#include <stdint.h>

enum {
    WWDC_Z_OK = 0,
    WWDC_Z_STREAM_END = 1,
    WWDC_Z_NEED_DICT = 2,
    WWDC_Z_DATA_ERROR = -3,
    WWDC_Z_MEM_ERROR = -4,
    WWDC_Z_BUF_ERROR = -5,
};

/// Loads zlib once; 0 when it is ready, else -1 and `wwdc_zlib_load_error` says why.
int wwdc_zlib_load(void);
const char *wwdc_zlib_load_error(void);

/// A new inflate stream for `window_bits` as zlib's inflateInit2 takes them (15 + 16: gzip, 15:
/// zlib, -15: raw deflate); NULL when zlib cannot be used or has no memory.
void *wwdc_inflater_new(int window_bits);
/// Inflates from `input` into `output`: how much of each was used goes to `consumed` and
/// `produced`. Returns zlib's code (WWDC_Z_OK, WWDC_Z_STREAM_END at the end of a stream, an error).
int wwdc_inflater_run(void *inflater, const uint8_t *input, size_t input_count, size_t *consumed,
                      uint8_t *output, size_t output_count, size_t *produced);
/// Starts a new stream of the same kind (the next member of a gzip body).
int wwdc_inflater_reset(void *inflater);
/// zlib's message on the last error, or NULL.
const char *wwdc_inflater_message(void *inflater);
void wwdc_inflater_free(void *inflater);

/// The most `wwdc_zlib_compress` can produce from `count` bytes; 0 when zlib cannot be used.
size_t wwdc_zlib_compress_bound(size_t count);
/// zlib's compress2: `input` as one zlib stream into `output`, whose size `output_count` gives and
/// then holds the size produced. Returns zlib's code (WWDC_Z_OK).
int wwdc_zlib_compress(const uint8_t *input, size_t input_count, uint8_t *output, size_t *output_count, int level);
/// zlib's uncompress: one zlib stream into `output` (sizes as for compress).
int wwdc_zlib_uncompress(const uint8_t *input, size_t input_count, uint8_t *output, size_t *output_count);

#endif
