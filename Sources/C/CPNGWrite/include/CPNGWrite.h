#ifndef CPNGWRITE_H
#define CPNGWRITE_H
#include <stddef.h>
#include <stdint.h>

/// 8-bit RGB (channels 3) or RGBA (channels 4) pixels, rows packed, as a PNG with an sRGB chunk.
/// Written for speed: every row Sub-filtered, then zlib's Huffman coding alone (no match search).
/// On success returns 0 and sets `*out` (free it with png_fast_free) and `*length`; otherwise
/// returns -1 with libpng's reason in `message`. Thread-safe: no shared state.
int png_fast_write(const uint8_t *pixels, int width, int height, int channels,
                   uint8_t **out, size_t *length, char *message, size_t message_size);

void png_fast_free(uint8_t *bytes);

#endif
