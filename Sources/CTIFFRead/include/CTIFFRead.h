#ifndef CTIFFREAD_H
#define CTIFFREAD_H
#include <stddef.h>
#include <stdint.h>

/// What a TIFF's first image says, and why a read failed: libtiff's first error, or else its first
/// warning, never printed (the caller folds it into its one line for the file).
typedef struct {
    uint32_t width;
    uint32_t height;
    char message[200];
} tiff_rgba_info;

/// Reads the first image's directory of the TIFF in `data` and checks that every strip or tile it
/// names lies inside the file, before any pixel is allocated. Returns 0 on success, -1 with the
/// reason in `info->message`.
int tiff_rgba_header(const uint8_t *data, size_t size, tiff_rgba_info *info);

/// Decodes the first image as 8-bit RGBA, top row first, through libtiff's RGBA interface (every
/// photometric, depth and compression it knows). `out` holds `info->width * info->height * 4`
/// bytes, sized from `tiff_rgba_header`. Returns 0 on success, -1 with the reason in
/// `info->message`. Thread-safe: each call has its own handle and handlers.
int tiff_rgba_decode(const uint8_t *data, size_t size, uint8_t *out, size_t out_size, tiff_rgba_info *info);

#endif
