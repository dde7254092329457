// The X server's screen as a person sees it, read over a connection of the tests' own.
#pragma once
#include <stdint.h>

/// Reads the w x h rectangle at (x, y) of $DISPLAY's root window into `rgb` (3 bytes a pixel,
/// rows top down). Returns 0 when there is no X display or the read fails.
int xscreen_read(int x, int y, int w, int h, uint8_t *rgb);
