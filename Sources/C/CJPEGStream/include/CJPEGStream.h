#ifndef CJPEGSTREAM_H
#define CJPEGSTREAM_H
#include <stddef.h>
#include <stdint.h>

/// A JPEG read as its bytes arrive, in libjpeg's buffered-image mode: each completed scan of a
/// progressive file can be rendered as a whole coarse picture. One stream per photo, one thread at
/// a time.
typedef struct jpeg_stream jpeg_stream;

enum {
    JPEG_STREAM_NEEDS_BYTES = 0,  // nothing new: feed it more
    JPEG_STREAM_HEADER = 1,       // the header is read: size known, set the scale now
    JPEG_STREAM_SCAN = 2,         // at least one more scan is complete than before
    JPEG_STREAM_END = 3,          // the last scan is in (EOI)
    JPEG_STREAM_BASELINE = -2,    // one scan only (or CMYK): nothing to show before the end
    JPEG_STREAM_ERROR = -1,       // see jpeg_stream_error
};

jpeg_stream *jpeg_stream_create(void);
void jpeg_stream_destroy(jpeg_stream *stream);

/// Reads as far as `data[0..<length]` allows. `data` is every byte so far: the same prefix on each
/// call, longer (it may live elsewhere in memory from one call to the next).
int jpeg_stream_advance(jpeg_stream *stream, const uint8_t *data, size_t length);

int jpeg_stream_width(const jpeg_stream *stream);
int jpeg_stream_height(const jpeg_stream *stream);
/// What buffered-image mode holds for the photo (every DCT coefficient), once the header is read.
size_t jpeg_stream_coefficient_bytes(const jpeg_stream *stream);
/// Scans completed so far.
int jpeg_stream_completed_scans(const jpeg_stream *stream);

/// Between JPEG_STREAM_HEADER and the next advance: decode at 1/denominator (1, 2, 4 or 8).
void jpeg_stream_set_scale(jpeg_stream *stream, int denominator);
/// The size `render` writes, known once the first scan has started.
int jpeg_stream_output_width(const jpeg_stream *stream);
int jpeg_stream_output_height(const jpeg_stream *stream);

/// The picture as of the last completed scan, RGBA, rows `stride` bytes apart; `data` and
/// `length` as for the last advance. 0 on success.
int jpeg_stream_render(jpeg_stream *stream, const uint8_t *data, size_t length, uint8_t *rgba, size_t stride);

const char *jpeg_stream_error(const jpeg_stream *stream);

#endif
