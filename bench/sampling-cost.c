// What one full-screen photo costs llvmpipe for each way of sampling its texture, and the
// crossfade of a thumbnail into it. A 2000x1500 photo with mip levels fitted into the window
// (1.88 texels per pixel at 1280x800), the same photo held at its fitted size (one texel per
// pixel, what sdlphoto uploads for a page), a 512x384 thumbnail magnified over the same frame.
// Then the slideshow's frames, drawn as sdlphoto draws them (4:3 photos; BGRA textures, highp
// samplers, no depth buffer, so that llvmpipe takes its 8-bit fast path: docs/behaviour.md §12):
// the cross-fade of two photos held at their fitted size, texel for pixel (GL_NEAREST), the
// first drawn opaque and the second blended over it by constant alpha; the slide, two fitted
// photos side by side, opaque, texel for pixel; Ken Burns, the photo filling the window and
// zooming from 1 to 1.15 over the frames, its texture the fill at 1.15 read from level 0
// (bilinear), alone and cross-faded (both photos cover the window, each drawn at its own
// frame, the second over the first). For comparison, Ken Burns' fade as sdlphoto drew it
// before: RGBA, lowp samplers, one pass mixing the two (llvmpipe's general path). These are the limits each transition's frame is held to. Each
// slideshow case is timed back to back, then paced as the app draws, a frame starting every
// 16.7 ms with the rasteriser idle in between: the shape to compare the app's frames with.
// Prints the median and best of 60 frames per case, each finished with glFinish.
#include <SDL2/SDL.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <stdlib.h>

static double now_ms(void) { return SDL_GetPerformanceCounter() * 1000.0 / SDL_GetPerformanceFrequency(); }

static GLuint shader(GLenum type, const char *source) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &source, NULL);
    glCompileShader(s);
    GLint ok;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) { char log[1024]; glGetShaderInfoLog(s, sizeof log, NULL, log); fprintf(stderr, "%s\n", log); exit(1); }
    return s;
}

static GLuint program(const char *fragment) {
    const char *vertex = "#version 300 es\nin vec2 p; uniform vec4 r; out vec2 uv;"
                         "void main() { uv = p; gl_Position = vec4(r.xy + p * r.zw, 0, 1); }";
    GLuint p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, vertex));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER, fragment));
    glBindAttribLocation(p, 0, "p");
    glLinkProgram(p);
    return p;
}

#define GL_BGRA_EXT 0x80E1

static int bgra = 1;  // textures made by texture(): BGRA, or RGBA for the draw before

static GLuint texture(int w, int h) {
    unsigned char *pixels = malloc((size_t)w * h * 4);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned char *q = pixels + ((size_t)y * w + x) * 4;
            q[0] = (x * 7) ^ (y * 3); q[1] = (x + y) * 5; q[2] = x * y; q[3] = 255;
        }
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    if (bgra) glTexImage2D(GL_TEXTURE_2D, 0, GL_BGRA_EXT, w, h, 0, GL_BGRA_EXT, GL_UNSIGNED_BYTE, pixels);
    else glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    glGenerateMipmap(GL_TEXTURE_2D);
    free(pixels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return t;
}

static GLuint tinted, pass_one;

// One quad: `frame` in window pixels (x, y, width, height, y down), the texture's min filter, a
// tint (premultiplied alpha) and a blend: 0 none, 1 over, 2 add, 3 faded in by constant alpha
// `tint` (the texture drawn plain).
static void quad(GLuint t, const double *frame, int w, int h, GLint filter, float tint, int blend) {
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter == GL_NEAREST ? GL_NEAREST : GL_LINEAR);
    if (blend == 3) {
        glUseProgram(pass_one);
        float r[4] = {(float)(2 * frame[0] / w - 1), (float)(1 - 2 * (frame[1] + frame[3]) / h), (float)(2 * frame[2] / w), (float)(2 * frame[3] / h)};
        glUniform4fv(glGetUniformLocation(pass_one, "r"), 1, r);
        glUniform1i(glGetUniformLocation(pass_one, "a"), 0);
        glEnable(GL_BLEND); glBlendColor(0, 0, 0, tint); glBlendFunc(GL_CONSTANT_ALPHA, GL_ONE_MINUS_CONSTANT_ALPHA);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        glDisable(GL_BLEND);
        return;
    }
    GLuint p = tint < 1 ? tinted : pass_one;
    glUseProgram(p);
    float r[4] = {(float)(2 * frame[0] / w - 1), (float)(1 - 2 * (frame[1] + frame[3]) / h), (float)(2 * frame[2] / w), (float)(2 * frame[3] / h)};
    glUniform4fv(glGetUniformLocation(p, "r"), 1, r);
    glUniform1i(glGetUniformLocation(p, "a"), 0);
    if (tint < 1) glUniform4f(glGetUniformLocation(p, "t"), tint, tint, tint, tint);
    if (blend) { glEnable(GL_BLEND); glBlendFunc(GL_ONE, blend == 1 ? GL_ONE_MINUS_SRC_ALPHA : GL_ONE); } else glDisable(GL_BLEND);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisable(GL_BLEND);
}

enum { ssFrames = 60, ssWarmup = 5 };
enum kind { crossfade, slide, kenburns, kenburnsFade, kenburnsFadeBefore };

static int compare(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }

static void slideshow(SDL_Window *window, int w, int h) {
    tinted = program("#version 300 es\nprecision mediump float; precision highp sampler2D; uniform sampler2D a; uniform vec4 t; in vec2 uv; out vec4 o;"
                     "void main() { o = texture(a, uv) * t; }");
    pass_one = program("#version 300 es\nprecision mediump float; precision highp sampler2D; uniform sampler2D a; in vec2 uv; out vec4 o;"
                       "void main() { o = texture(a, uv); }");
    // As sdlphoto's quad.vert: a second set of texture coordinates over the same quad.
    const char *vertex2 = "#version 300 es\nin vec2 p; uniform vec4 r; uniform vec4 c2; out vec2 uv; out vec2 uv2;"
                          "void main() { uv = p; uv2 = c2.xy + vec2(p.x, 1.0 - p.y) * c2.zw; uv2.y = 1.0 - uv2.y; gl_Position = vec4(r.xy + p * r.zw, 0, 1); }";
    GLuint two = glCreateProgram();
    glAttachShader(two, shader(GL_VERTEX_SHADER, vertex2));
    glAttachShader(two, shader(GL_FRAGMENT_SHADER, "#version 300 es\nprecision mediump float; uniform sampler2D a; uniform sampler2D b; uniform float m;"
                                                   "in vec2 uv; in vec2 uv2; out vec4 o; void main() { o = mix(texture(a, uv), texture(b, uv2), m); }"));
    glBindAttribLocation(two, 0, "p");
    glLinkProgram(two);
    double fitW = h * 4.0 / 3 < w ? h * 4.0 / 3 : w, fitH = fitW * 3 / 4;          // aspect fit
    double fillW = w * 3.0 / 4 > h ? w : h * 4.0 / 3, fillH = fillW * 3 / 4;      // aspect fill
    bgra = 1;
    GLuint fitted[2] = {texture((int)(fitW + 0.999), (int)(fitH + 0.999)), texture((int)(fitW + 0.999), (int)(fitH + 0.999))};
    int kw = (int)(fillW * 1.15 + 0.999), kh = (int)(fillH * 1.15 + 0.999);
    GLuint zoomed[2] = {texture(kw, kh), texture(kw, kh)};
    bgra = 0;
    GLuint zoomedRGBA[2] = {texture(kw, kh), texture(kw, kh)};
    bgra = 1;
    struct { const char *name; enum kind kind; GLuint *tex; GLint filter; } cases[] = {
        {"slideshow crossfade (texel for pixel, one over the other)", crossfade, fitted, GL_NEAREST},
        {"slideshow slide (texel for pixel)", slide, fitted, GL_NEAREST},
        {"Ken Burns (fill x 1.15, level 0)", kenburns, zoomed, GL_LINEAR},
        {"Ken Burns fade (one over the other)", kenburnsFade, zoomed, GL_LINEAR},
        {"Ken Burns fade before (RGBA, lowp, one pass)", kenburnsFadeBefore, zoomedRGBA, GL_LINEAR},
    };
    printf("slideshow at %dx%d: fitted %.0fx%.0f, fill %.0fx%.0f, Ken Burns texture %dx%d\n", w, h, fitW, fitH, fillW, fillH, kw, kh);
    // Back to back, and paced as the app draws: one frame starting every 16.7 ms, the rasteriser
    // threads idle in between (on this VM that alone made the same draw up to twice as dear).
    for (size_t run = 0; run < 2 * sizeof cases / sizeof cases[0]; run++) {
        size_t c = run % (sizeof cases / sizeof cases[0]);
        int paced = run >= sizeof cases / sizeof cases[0];
        double times[ssFrames], next = now_ms();
        for (int i = 0; i < ssFrames + ssWarmup; i++) {
            if (paced) {
                next += 1000.0 / 60;
                while (now_ms() < next - 0.05) SDL_Delay(next - now_ms() > 1.5 ? (Uint32)(next - now_ms() - 1) : 0);
            }
            double t = (double)i / (ssFrames + ssWarmup - 1), t0 = now_ms();
            glClear(GL_COLOR_BUFFER_BIT);
            GLuint *x = cases[c].tex;
            GLint f = cases[c].filter;
            for (int k = 0; k < 2; k++) {
                glBindTexture(GL_TEXTURE_2D, x[k]);
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, f);
                glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, f == GL_NEAREST ? GL_NEAREST : GL_LINEAR);
            }
            if (cases[c].kind == crossfade) {
                // Texel for pixel: the fitted frame on whole pixels, as sdlphoto places it.
                double frame[4] = {(double)(int)((w - fitW) / 2 + 0.5), (double)(int)((h - fitH) / 2 + 0.5), (int)(fitW + 0.999), (int)(fitH + 0.999)};
                quad(x[0], frame, w, h, f, 1, 0);
                quad(x[1], frame, w, h, f, (float)t, 3);
            } else if (cases[c].kind == slide) {
                double shift = (double)(int)((w + 30) * t), a[4] = {(double)(int)((w - fitW) / 2 + 0.5) - shift, (double)(int)((h - fitH) / 2 + 0.5), (int)(fitW + 0.999), (int)(fitH + 0.999)};
                double b[4] = {a[0] + w + 30, a[1], a[2], a[3]};
                quad(x[0], a, w, h, f, 1, 0);
                quad(x[1], b, w, h, f, 1, 0);
            } else {
                // Zooming in on one photo while the other zooms out, panning across the slack.
                double z[2] = {1 + 0.15 * t, 1.15 - 0.15 * t};
                double F[2][4];
                for (int k = 0; k < 2; k++) {
                    double fw = fillW * z[k], fh = fillH * z[k];
                    F[k][0] = -(fw - w) * t; F[k][1] = -(fh - h) * t; F[k][2] = fw; F[k][3] = fh;
                }
                if (cases[c].kind == kenburns) quad(x[0], F[0], w, h, f, 1, 0);
                else if (cases[c].kind == kenburnsFade) {
                    quad(x[0], F[0], w, h, f, 1, 0);
                    quad(x[1], F[1], w, h, f, (float)t, 3);
                } else {
                    // The quad is the first frame; the second photo's coordinates are its frame mapped onto it.
                    glUseProgram(two);
                    float r[4] = {(float)(2 * F[0][0] / w - 1), (float)(1 - 2 * (F[0][1] + F[0][3]) / h), (float)(2 * F[0][2] / w), (float)(2 * F[0][3] / h)};
                    float c2[4] = {(float)((F[0][0] - F[1][0]) / F[1][2]), (float)((F[0][1] - F[1][1]) / F[1][3]), (float)(F[0][2] / F[1][2]), (float)(F[0][3] / F[1][3])};
                    glUniform4fv(glGetUniformLocation(two, "r"), 1, r);
                    glUniform4fv(glGetUniformLocation(two, "c2"), 1, c2);
                    glUniform1f(glGetUniformLocation(two, "m"), (float)t);
                    glUniform1i(glGetUniformLocation(two, "a"), 0);
                    glUniform1i(glGetUniformLocation(two, "b"), 1);
                    glActiveTexture(GL_TEXTURE1); glBindTexture(GL_TEXTURE_2D, x[1]);
                    glActiveTexture(GL_TEXTURE0); glBindTexture(GL_TEXTURE_2D, x[0]);
                    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
                }
            }
            SDL_GL_SwapWindow(window);
            glFinish();
            if (i >= ssWarmup) times[i - ssWarmup] = now_ms() - t0;
        }
        qsort(times, ssFrames, sizeof times[0], compare);
        printf("%-50s median %6.2f ms  best %6.2f ms%s\n", cases[c].name, times[ssFrames / 2], times[0], paced ? "  (paced at 60 Hz)" : "");
    }
}

int main(int argc, char **argv) {
    int w = argc > 2 ? atoi(argv[1]) : 1280, h = argc > 2 ? atoi(argv[2]) : 800;
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "sampling-cost: %s\n", SDL_GetError()); return 1; }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);  // as sdlphoto's window
    SDL_Window *window = SDL_CreateWindow("sampling-cost", 0, 0, w, h, SDL_WINDOW_OPENGL);
    if (!window || !SDL_GL_CreateContext(window)) { fprintf(stderr, "sampling-cost: %s\n", SDL_GetError()); return 1; }

    static const float quad[] = {0, 0, 1, 0, 0, 1, 1, 1};
    GLuint vao, vbo;
    glGenVertexArrays(1, &vao); glBindVertexArray(vao);
    glGenBuffers(1, &vbo); glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    GLuint one = program("#version 300 es\nprecision mediump float; uniform sampler2D a; in vec2 uv; out vec4 o;"
                         "void main() { o = texture(a, uv); }");
    GLuint mix2 = program("#version 300 es\nprecision mediump float; uniform sampler2D a; uniform sampler2D b; in vec2 uv;"
                          "out vec4 o; void main() { o = mix(texture(a, uv), texture(b, uv), 0.5); }");
    double fitted = h * 4.0 / 3;  // the 4:3 photo fitted to the window's height
    bgra = 0;  // these cases compare ways of sampling on llvmpipe's general path
    GLuint photo = texture(2000, 1500), thumb = texture(512, 384), atFit = texture((int)(fitted + 0.999), h);
    glBindTexture(GL_TEXTURE_2D, thumb);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    float rect[4] = {(float)(-fitted / w), -1, (float)(2 * fitted / w), 2};

    struct { const char *name; GLint filter; int crossfade; int fit; } cases[] = {
        {"photo, trilinear (GL_LINEAR_MIPMAP_LINEAR)", GL_LINEAR_MIPMAP_LINEAR, 0, 0},
        {"photo, nearest level (GL_LINEAR_MIPMAP_NEAREST)", GL_LINEAR_MIPMAP_NEAREST, 0, 0},
        {"photo, level 0 only (GL_LINEAR)", GL_LINEAR, 0, 0},
        {"photo held at its fitted size, level 0 (GL_LINEAR)", GL_LINEAR, 0, 1},
        {"crossfade, photo trilinear", GL_LINEAR_MIPMAP_LINEAR, 1, 0},
        {"crossfade, photo nearest level", GL_LINEAR_MIPMAP_NEAREST, 1, 0},
        {"crossfade, photo at its fitted size", GL_LINEAR, 1, 1},
    };
    printf("%dx%d, photo drawn %.0fx%d (%.2f texels per pixel)\n", w, h, fitted, h, 2000 / fitted);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        enum { frames = 60, warmup = 5 };
        double times[frames];
        GLuint shown = cases[c].fit ? atFit : photo;
        glBindTexture(GL_TEXTURE_2D, shown);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, cases[c].filter);
        GLuint p = cases[c].crossfade ? mix2 : one;
        glUseProgram(p);
        glUniform4fv(glGetUniformLocation(p, "r"), 1, rect);
        glActiveTexture(GL_TEXTURE0); glBindTexture(GL_TEXTURE_2D, cases[c].crossfade ? thumb : shown);
        glUniform1i(glGetUniformLocation(p, "a"), 0);
        if (cases[c].crossfade) {
            glActiveTexture(GL_TEXTURE1); glBindTexture(GL_TEXTURE_2D, shown);
            glUniform1i(glGetUniformLocation(p, "b"), 1);
            glActiveTexture(GL_TEXTURE0);
        }
        for (int i = 0; i < frames + warmup; i++) {
            double t0 = now_ms();
            glClear(GL_COLOR_BUFFER_BIT);
            glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
            SDL_GL_SwapWindow(window);
            glFinish();
            if (i >= warmup) times[i - warmup] = now_ms() - t0;
        }
        qsort(times, frames, sizeof times[0], compare);
        printf("%-50s median %6.2f ms  best %6.2f ms\n", cases[c].name, times[frames / 2], times[0]);
    }
    slideshow(window, w, h);
    return 0;
}
