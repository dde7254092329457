#include "CText.h"
#include <fribidi/fribidi.h>
#include <harfbuzz/hb.h>
#include <stdlib.h>

int sdlphoto_bidi_levels(const uint32_t *text, int count, uint8_t *levels) {
    if (count <= 0) return 0;
    FriBidiCharType *types = malloc(sizeof(FriBidiCharType) * (size_t)count);
    FriBidiBracketType *brackets = malloc(sizeof(FriBidiBracketType) * (size_t)count);
    FriBidiLevel *out = malloc(sizeof(FriBidiLevel) * (size_t)count);
    int result = -1;
    if (types && brackets && out) {
        fribidi_get_bidi_types(text, count, types);
        fribidi_get_bracket_types(text, count, types, brackets);
        FriBidiParType direction = FRIBIDI_PAR_ON;
        if (fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, out) != 0) {
            for (int i = 0; i < count; i++) levels[i] = (uint8_t)out[i];
            result = FRIBIDI_IS_RTL(direction) ? 1 : 0;
        }
    }
    free(types);
    free(brackets);
    free(out);
    return result;
}

uint32_t sdlphoto_script_tag(uint32_t codepoint) {
    return hb_script_to_iso15924_tag(hb_unicode_script(hb_unicode_funcs_get_default(), codepoint));
}
