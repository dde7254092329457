#version 300 es
// A photo: straight-alpha texture out as premultiplied colour, with optional rounded corners.
// Opaque photos with square corners take image-opaque.frag or image-tinted.frag instead: on a
// software rasteriser this one costs over twice as much per pixel.
precision mediump float;
// A highp sampler returns 8-bit texels as they are: a lowp one, the default, makes llvmpipe
// convert each to half float and back, and keeps it off its fast path (docs/behaviour.md §12).
precision highp sampler2D;
uniform sampler2D u_texture;
uniform float u_alpha;
uniform float u_dim;        // colour factor of a black mask folded into this draw, 1 for none
uniform vec2 u_size;        // quad size in pixels
uniform float u_radius;     // corner radius in pixels, 0 for square corners
in vec2 v_uv;
in vec2 v_local;
out vec4 fragColor;

void main() {
    vec4 c = texture(u_texture, v_uv);
    float coverage = 1.0;
    if (u_radius > 0.0) {
        vec2 q = abs((v_local - 0.5) * u_size) - (u_size * 0.5 - u_radius);
        float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - u_radius;
        coverage = clamp(0.5 - d, 0.0, 1.0);
    }
    float a = c.a * u_alpha * coverage;
    fragColor = vec4(c.rgb * (a * u_dim), a);
}
