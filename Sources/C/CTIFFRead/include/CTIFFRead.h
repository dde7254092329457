#ifndef CTIFFREAD_H
#define CTIFFREAD_H
#include <stddef.h>
#include <stdint.h>

/// What a TIFF's first image says, and why a read failed: libtiff's first error, or else its first
/// warning, never printed (the caller folds it into its one line for the file).
typedef struct {
    uint32_t width;
    uint32_t height;
    /// The `Orientation` tag, 1-8 as EXIF numbers them (1 when absent); not applied to the pixels.
    uint16_t orientation;
    char message[200];
} tiff_rgba_info;

/// Reads the first image's directory of the TIFF in `data` and checks that every strip or tile it
/// names lies inside the file, before any pixel is allocated. libtiff allocates no single buffer
/// over `max_alloc` bytes. Returns 0 on success, -1 with the reason in `info->message`.
int tiff_rgba_header(const uint8_t *data, size_t size, uint64_t max_alloc, tiff_rgba_info *info);

/// Decodes the first image as 8-bit RGBA with straight alpha, rows as stored (the orientation is
/// left to the caller), through libtiff's RGBA interface (the photometrics, depths and
/// compressions it reads; not floating-point samples). `out` holds `info->width * info->height * 4`
/// bytes, sized from `tiff_rgba_header`. Returns 0 on success, -1 with the reason in
/// `info->message`. Thread-safe: each call has its own handle and handlers.
int tiff_rgba_decode(const uint8_t *data, size_t size, uint64_t max_alloc, uint8_t *out, size_t out_size, tiff_rgba_info *info);

#endif
