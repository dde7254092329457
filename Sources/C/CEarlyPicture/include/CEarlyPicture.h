// A picture put straight into an X11 window before its GL context draws anything: the X server
// scales it (XRender, bilinear), so the client sends only the small image. The main thread paints
// through SDL's connection; another thread through one of its own, so that it may paint while the
// main thread makes the GL context.
#pragma once
#include <stdint.h>

typedef struct SDL_Window SDL_Window;
typedef struct sdlphoto_early_canvas sdlphoto_early_canvas;

/// What it takes to paint into `window` from any one thread at a time. NULL when the window is
/// not an X11 one. Call on the thread that made the window (the main thread).
sdlphoto_early_canvas *sdlphoto_early_canvas_open(SDL_Window *window);

void sdlphoto_early_canvas_close(sdlphoto_early_canvas *canvas);

/// Opens the connection other threads paint through now, not on their first picture.
void sdlphoto_early_canvas_connect(sdlphoto_early_canvas *canvas);

/// Fills the window with the colour (r, g, b) and draws the `width` x `height` picture (BGRA
/// bytes, `stride` bytes a row) scaled into the rectangle at (x, y) of size w x h, in window
/// pixels and not necessarily whole ones, as GL draws a texture there with linear filtering:
/// the pixels whose centres the rectangle covers, each sampled at its centre. Returns 1 once
/// the X server has processed it all without an error, 0 when the window is not
/// `window_width` x `window_height` pixels, or the server lacks what it takes (RENDER, a 24-bit
/// true-colour visual) or refused a request; the window's pixels are GL's to draw either way.
/// `on_main_thread`: the caller is the thread that made the window, and may use SDL's connection.
int sdlphoto_early_canvas_paint(sdlphoto_early_canvas *canvas, int on_main_thread, int window_width, int window_height,
                                const uint8_t *bgra, int width, int height, int stride,
                                double x, double y, double w, double h, uint8_t r, uint8_t g, uint8_t b);
