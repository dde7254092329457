#version 300 es
// Signed-distance shapes, anti-aliased at any scale: discs (page dots), rings, the progress fan
// (ring plus a pie sector growing clockwise from 12 o'clock), an indeterminate arc, a retry glyph,
// a clip's controls: play, pause, a speaker with sound or muted; the browser's bars: back, fullscreen, slideshow, info, trash.
precision highp float;
uniform vec4 u_color;       // straight alpha
uniform vec2 u_size;        // quad size in pixels (the shape's bounding square)
uniform float u_radius;     // outer radius in pixels
uniform float u_width;      // ring width in pixels
uniform int u_kind;         // 0 disc, 1 ring, 2 pie, 3 arc, 4 retry, 5 slashed ring (broken image), 6 play, 7 pause, 8 speaker, 9 back, 10 fullscreen, 11 slideshow, 12 info, 13 trash
uniform vec2 u_arc;         // pie: (0, progress); arc: (start, length); in turns; speaker: (muted, 0);
                            // back: (points right, 0); fullscreen: (leave, 0)
in vec2 v_local;
out vec4 fragColor;

const float TAU = 6.28318530718;

float coverage(float d) { return clamp(0.5 - d, 0.0, 1.0); }

// Turns from 12 o'clock, clockwise (y points down), in [0, 1).
float turnOf(vec2 p) { return fract(atan(p.x, -p.y) / TAU + 1.0); }

// Coverage of the angular span [start, start + len) at point p, anti-aliased along the arc.
float angular(vec2 p, float start, float len) {
    if (len >= 1.0) return 1.0;
    float t = fract(turnOf(p) - start + 1.0);
    float inside = min(t, len - t) * TAU * length(p);
    return t <= len ? clamp(inside + 0.5, 0.0, 1.0) : clamp(0.5 - min(t - len, 1.0 - t) * TAU * length(p), 0.0, 1.0);
}

float triangle(vec2 p, vec2 a, vec2 b, vec2 c) {
    vec2 e0 = b - a, e1 = c - b, e2 = a - c;
    vec2 v0 = p - a, v1 = p - b, v2 = p - c;
    vec2 pq0 = v0 - e0 * clamp(dot(v0, e0) / dot(e0, e0), 0.0, 1.0);
    vec2 pq1 = v1 - e1 * clamp(dot(v1, e1) / dot(e1, e1), 0.0, 1.0);
    vec2 pq2 = v2 - e2 * clamp(dot(v2, e2) / dot(e2, e2), 0.0, 1.0);
    float s = sign(e0.x * e2.y - e0.y * e2.x);
    vec2 d = min(min(vec2(dot(pq0, pq0), s * (v0.x * e0.y - v0.y * e0.x)),
                     vec2(dot(pq1, pq1), s * (v1.x * e1.y - v1.y * e1.x))),
                     vec2(dot(pq2, pq2), s * (v2.x * e2.y - v2.y * e2.x)));
    return -sqrt(d.x) * sign(d.y);
}

// Distance to the segment from a to b.
float segment(vec2 p, vec2 a, vec2 b) {
    vec2 pa = p - a, ba = b - a;
    return length(pa - ba * clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0));
}

// Signed distance to an axis-aligned box of half size h about c.
float box(vec2 p, vec2 c, vec2 h) {
    vec2 d = abs(p - c) - h;
    return length(max(d, 0.0)) + min(max(d.x, d.y), 0.0);
}

void main() {
    vec2 p = (v_local - 0.5) * u_size;
    float r = length(p);
    float ringMid = u_radius - u_width * 0.5;
    float ring = coverage(abs(r - ringMid) - u_width * 0.5);
    float c;
    if (u_kind == 0) {
        c = coverage(r - u_radius);
    } else if (u_kind == 1) {
        c = ring;
    } else if (u_kind == 2) {
        // A gap of one ring width between the outline and the pie.
        float pie = coverage(r - (u_radius - u_width * 2.0)) * angular(p, 0.0, u_arc.y);
        c = max(ring, pie);
    } else if (u_kind == 3) {
        c = ring * angular(p, u_arc.x, u_arc.y);
    } else if (u_kind == 5) {
        // A ring crossed by a diagonal bar from top-left to bottom-right.
        vec2 d = normalize(vec2(1.0, 1.0));
        float bar = abs(p.x * d.y - p.y * d.x) - u_width * 0.5;
        c = max(ring, coverage(max(bar, r - ringMid)));
    } else if (u_kind == 6) {
        // Play: a triangle pointing right, its area centred.
        float s = u_radius;
        c = coverage(triangle(p, vec2(-0.45 * s, -0.62 * s), vec2(0.7 * s, 0.0), vec2(-0.45 * s, 0.62 * s)));
    } else if (u_kind == 7) {
        // Pause: two bars.
        float s = u_radius;
        c = coverage(min(box(p, vec2(-0.3 * s, 0.0), vec2(0.14 * s, 0.6 * s)), box(p, vec2(0.3 * s, 0.0), vec2(0.14 * s, 0.6 * s))));
    } else if (u_kind == 8) {
        // Speaker: a box and a cone; with sound two arcs beside it, muted a cross.
        float s = u_radius;
        float body = box(p, vec2(-0.62 * s, 0.0), vec2(0.14 * s, 0.2 * s));
        float cone = min(triangle(p, vec2(-0.48 * s, -0.2 * s), vec2(-0.1 * s, -0.55 * s), vec2(-0.1 * s, 0.55 * s)),
                         triangle(p, vec2(-0.48 * s, -0.2 * s), vec2(-0.1 * s, 0.55 * s), vec2(-0.48 * s, 0.2 * s)));
        float speaker = coverage(min(body, cone));
        float w = max(1.5, 0.09 * s);
        vec2 q = p - vec2(-0.1 * s, 0.0);
        float waves = max(coverage(abs(length(q) - 0.38 * s) - w * 0.5), coverage(abs(length(q) - 0.66 * s) - w * 0.5)) * angular(q, 0.14, 0.22);
        vec2 x = p - vec2(0.42 * s, 0.0);
        float cross = coverage(min(segment(x, vec2(-0.22 * s, -0.22 * s), vec2(0.22 * s, 0.22 * s)),
                                   segment(x, vec2(-0.22 * s, 0.22 * s), vec2(0.22 * s, -0.22 * s))) - w * 0.5);
        c = max(speaker, u_arc.x > 0.5 ? cross : waves);
    } else if (u_kind == 9) {
        // Back: a chevron, its point to the left (mirrored where u_arc.x is set).
        float s = u_radius;
        vec2 q = vec2(u_arc.x > 0.5 ? -p.x : p.x, p.y);
        float w = max(1.5, 0.13 * s);
        c = coverage(min(segment(q, vec2(0.22 * s, -0.6 * s), vec2(-0.3 * s, 0.0)),
                         segment(q, vec2(-0.3 * s, 0.0), vec2(0.22 * s, 0.6 * s))) - w * 0.5);
    } else if (u_kind == 10) {
        // Fullscreen: a bracket in each corner, opening inward (out), or set back and opening
        // outward (leave).
        float s = u_radius;
        vec2 q = abs(p);
        float w = max(1.5, 0.12 * s);
        float near = 0.22 * s, far = 0.62 * s;
        float d = u_arc.x > 0.5
            ? min(segment(q, vec2(near, far), vec2(near, near)), segment(q, vec2(near, near), vec2(far, near)))
            : min(segment(q, vec2(far, near), vec2(far, far)), segment(q, vec2(far, far), vec2(near, far)));
        c = coverage(d - w * 0.5);
    } else if (u_kind == 11) {
        // Slideshow: a frame with a small play triangle in it.
        float s = u_radius;
        float w = max(1.5, 0.1 * s);
        float frame = abs(box(p, vec2(0.0), vec2(0.78 * s, 0.56 * s))) - w * 0.5;
        float play = triangle(p, vec2(-0.2 * s, -0.28 * s), vec2(0.32 * s, 0.0), vec2(-0.2 * s, 0.28 * s));
        c = coverage(min(frame, play));
    } else if (u_kind == 12) {
        // Info: a ring, and in it an "i": a dot over a bar.
        float s = u_radius;
        float w = max(1.5, 0.1 * s);
        float ring = abs(r - 0.8 * s) - w * 0.5;
        float dot = length(p - vec2(0.0, -0.36 * s)) - 0.1 * s;
        float stem = box(p, vec2(0.0, 0.14 * s), vec2(0.07 * s, 0.3 * s));
        c = coverage(min(ring, min(dot, stem)));
    } else if (u_kind == 13) {
        // Trash: a lid with a handle, and a bin narrowing downward with two grooves.
        float s = u_radius;
        float w = max(1.5, 0.1 * s);
        float lid = box(p, vec2(0.0, -0.48 * s), vec2(0.6 * s, 0.05 * s));
        float handle = abs(box(p, vec2(0.0, -0.6 * s), vec2(0.18 * s, 0.1 * s))) - w * 0.4;
        float bin = abs(triangle(p, vec2(-0.45 * s, -0.32 * s), vec2(0.45 * s, -0.32 * s), vec2(0.0, 3.0 * s))) - w * 0.5;
        bin = max(bin, p.y - 0.66 * s);
        float bottom = box(p, vec2(0.0, 0.66 * s), vec2(0.37 * s, w * 0.5));
        float grooves = min(segment(p, vec2(-0.14 * s, -0.16 * s), vec2(-0.11 * s, 0.5 * s)), segment(p, vec2(0.14 * s, -0.16 * s), vec2(0.11 * s, 0.5 * s))) - w * 0.4;
        c = coverage(min(min(lid, handle), min(min(bin, bottom), grooves)));
    } else {
        // Retry: an open circular arrow, its head at the arc's end pointing clockwise.
        float start = 0.1, len = 0.78;
        float body = ring * angular(p, start, len);
        float a = (start + len) * TAU;
        vec2 along = vec2(sin(a), -cos(a));
        vec2 tangent = vec2(cos(a), sin(a));
        vec2 at = along * ringMid;
        float w = u_width;
        float head = coverage(triangle(p, at + tangent * w * 2.0, at + along * w * 1.8, at - along * w * 1.8));
        c = max(body, head);
    }
    float a = c * u_color.a;
    fragColor = vec4(u_color.rgb * a, a);
}
