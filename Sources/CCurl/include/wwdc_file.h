// The part of a download's file writing that Swift's Glibc module does not show: Linux's
// sync_file_range, which needs _GNU_SOURCE.
#ifndef WWDC_FILE_H
#define WWDC_FILE_H

#include <stdint.h>

/// Starts the kernel writing `length` bytes of `fd` from `offset` to disk, without waiting for them:
/// 0 when it was asked, -1 with errno when not (ENOSYS where the system has no such call).
int wwdc_file_start_writing(int fd, int64_t offset, int64_t length);

/// Waits until `length` bytes of `fd` from `offset` are written to disk, starting what is not yet
/// started: 0 when done, -1 with errno when not (ENOSYS where the system has no such call). Not a
/// durability guarantee (the file's metadata and the disk's cache are fsync's).
int wwdc_file_wait_written(int fd, int64_t offset, int64_t length);

#endif
