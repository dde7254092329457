// A picture put straight into an X11 window before its GL context draws anything: the X server
// scales it (XRender, bilinear), so the client sends only the small image.
#pragma once
#include <stdint.h>

typedef struct SDL_Window SDL_Window;

/// Fills the window with the colour (r, g, b) and draws the `width` x `height` picture (BGRA
/// bytes, `stride` bytes a row) scaled into the rectangle at (x, y) of size w x h, in window
/// pixels, sampled as GL samples a texture with linear filtering. Returns 1 once the server has
/// drawn it, 0 when the window is not an X11 one or the server lacks what it takes (RENDER, a
/// 24-bit true-colour visual): nothing is drawn then.
int sdlphoto_early_picture(SDL_Window *window, const uint8_t *bgra, int width, int height, int stride,
                           int x, int y, int w, int h, uint8_t r, uint8_t g, uint8_t b);
