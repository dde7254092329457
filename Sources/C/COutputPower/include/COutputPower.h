#pragma once

// Outputs switched off and on through wlroots' output power management protocol
// (zwlr_output_power_manager_v1: sway, labwc, wayfire), on a Wayland connection of its own to
// the compositor SDL uses ($WAYLAND_DISPLAY): outputs bound on SDL's connection would be
// announced to SDL's surface as outputs it does not know. Nothing is held between calls: wlroots lets one client at a time control an output's power, and a
// user's own tools (wlopm, swayidle) must still be able to. libwayland-client is opened when
// first asked, not at launch.

enum {
    SDLPHOTO_POWER_DONE = 1,        // every output reports the mode asked for
    SDLPHOTO_POWER_NOT_APPLIED = 0, // asked, and the compositor did not report the mode
    SDLPHOTO_POWER_BUSY = -2,       // refused at once: another client controls it, or it is gone
    SDLPHOTO_POWER_FAILED = -1,     // no protocol, no library, or the connection failed (see why)
};

// Switches the `output_index`-th wl_output the compositor announces (SDL numbers its displays
// in the same order) on (1) or off (0), or every output when there is no such one. `outputs`
// (may be NULL) gets how many were asked; `why` (may be NULL) a static string on FAILED.
int sdlphoto_output_power_switch(int output_index, int on, int *outputs, const char **why);
