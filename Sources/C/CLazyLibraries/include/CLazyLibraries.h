// libheif and libjxl, opened on their first call rather than at launch:
// lazy_*.c define their functions under their own names (scripts/lazy-libraries writes them).
// Their headers are the libraries' own; nothing more is declared here.
#pragma once
