#include "CNativeDisplay.h"
#include <SDL2/SDL_syswm.h>

void sdlphoto_native_display(SDL_Window *window, void **x11_display, void **wayland_display) {
    *x11_display = NULL;
    *wayland_display = NULL;
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!window || !SDL_GetWindowWMInfo(window, &info)) return;
#if defined(SDL_VIDEO_DRIVER_X11)
    if (info.subsystem == SDL_SYSWM_X11) *x11_display = info.info.x11.display;
#endif
#if defined(SDL_VIDEO_DRIVER_WAYLAND)
    if (info.subsystem == SDL_SYSWM_WAYLAND) *wayland_display = info.info.wl.display;
#endif
}
