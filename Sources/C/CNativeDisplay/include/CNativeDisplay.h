#pragma once
#include <SDL2/SDL.h>

// The window's native display connection, for libraries that talk to the display server
// themselves (libmpv's VA-API interop): X11's Display*, or Wayland's wl_display*. Both NULL when
// SDL cannot say (another video driver).
void sdlphoto_native_display(SDL_Window *window, void **x11_display, void **wayland_display);
