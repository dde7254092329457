// What shaping needs to know about a string that SDL_ttf does not tell: each code point's bidi
// embedding level (FriBidi, UAX #9) and its script (HarfBuzz's Unicode data).
#pragma once
#include <stdint.h>

/// Embedding levels of `count` code points as one paragraph whose direction is that of its
/// first strong character (left to right when it has none). Returns the paragraph's level
/// (0 or 1), or -1 when FriBidi fails.
int sdlphoto_bidi_levels(const uint32_t *text, int count, uint8_t *levels);

/// The ISO 15924 tag of `codepoint`'s script as four big-endian bytes ('Latn', 'Arab'; 'Zyyy'
/// for characters every script shares, 'Zinh' for marks that take their base's).
uint32_t sdlphoto_script_tag(uint32_t codepoint);
