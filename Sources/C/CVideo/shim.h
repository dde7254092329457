#pragma once
// libmpv (playback into our own GL texture), ffmpegthumbnailer (a clip's still) and libavformat
// (its length, size and date): headers only; CLazyLibraries opens each on its first call.
#include <mpv/client.h>
#include <mpv/render.h>
#include <mpv/render_gl.h>
#include <libffmpegthumbnailer/videothumbnailerc.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/log.h>
