import CMalloc

/// Photo-sized buffers (decodes, mip chains, and on Mesa's llvmpipe the textures themselves) go
/// back to the system when freed. glibc serves large allocations with mmap and unmaps them on
/// free, but after the first such free it raises its threshold (up to 32 MiB), so later 6-12 MiB
/// buffers come from the heap, which keeps them: stepping through 50 photos left hundreds of MiB
/// resident that nothing used. A fixed threshold stops that.
enum MemoryReturn {
    static let mmapThreshold: Int32 = 1 << 20

    static func configure() {
        _ = mallopt(M_MMAP_THRESHOLD, mmapThreshold)
    }
}
