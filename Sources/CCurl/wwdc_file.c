// Before any header: sync_file_range is a GNU extension.
#define _GNU_SOURCE
#include "wwdc_file.h"

#include <errno.h>
#include <fcntl.h>

int wwdc_file_start_writing(int fd, int64_t offset, int64_t length) {
#ifdef __linux__
    return sync_file_range(fd, offset, length, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd; (void)offset; (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

int wwdc_file_wait_written(int fd, int64_t offset, int64_t length) {
#ifdef __linux__
    return sync_file_range(fd, offset, length,
                           SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER);
#else
    (void)fd; (void)offset; (void)length;
    errno = ENOSYS;
    return -1;
#endif
}
