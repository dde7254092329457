// libheif, libjxl, libmpv, ffmpegthumbnailer, libavformat and libavutil, opened on their first call rather than at launch:
// lazy_*.c define their functions under their own names (scripts/lazy-libraries writes them).
// Their headers are the libraries' own; nothing more is declared here.
#pragma once
