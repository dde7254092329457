#version 300 es
// One quad for every draw: corners come from gl_VertexID (a 4-vertex triangle strip, no buffers),
// placed by a 2D affine transform from the unit square into drawable pixels (y down).
uniform mat3 u_transform;
uniform vec2 u_viewport;
uniform vec4 u_crop;        // x, y, width, height in unit texture coordinates
uniform vec4 u_crop2;       // the same for a second texture over the same quad (a cross-fade)
out vec2 v_uv;
out vec2 v_uv2;
out vec2 v_local;           // 0..1 across the quad

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    vec2 pixel = (u_transform * vec3(corner, 1.0)).xy;
    v_local = corner;
    v_uv = u_crop.xy + corner * u_crop.zw;
    v_uv2 = u_crop2.xy + corner * u_crop2.zw;
    vec2 ndc = pixel / u_viewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
