#ifndef CPNGREAD_H
#define CPNGREAD_H
#include <stddef.h>
#include <stdint.h>

/// What a PNG's header says, and why a read failed: libpng's first error, or else its first
/// warning, never printed (the caller folds it into its one line for the file).
typedef struct {
    uint32_t width;
    uint32_t height;
    char message[200];
} png_rgba_info;

/// Reads the header of the PNG in `data` (up to its first image data). Returns 0 on success,
/// -1 with libpng's reason in `info->message`.
int png_rgba_header(const uint8_t *data, size_t size, png_rgba_info *info);

/// Decodes the PNG in `data` as 8-bit RGBA with no colour conversion: palettes and grey expanded,
/// `tRNS` as alpha, 16-bit samples scaled (rounded) to 8, interlacing undone. `out` holds
/// `info->width * info->height * 4` bytes, sized from `png_rgba_header`. Returns 0 on success,
/// -1 with libpng's reason in `info->message`. A warning alone does not fail the read; its text
/// is left in `info->message`. Thread-safe: no shared state.
int png_rgba_decode(const uint8_t *data, size_t size, uint8_t *out, size_t out_size, png_rgba_info *info);

#endif
