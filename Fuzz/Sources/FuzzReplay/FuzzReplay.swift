import PhotoCore

/// Replay scripts (docs/automation.md §3): parsing, ordering and the script's end time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let script = try ReplayScript.parse(text)
        for (earlier, later) in zip(script.events, script.events.dropFirst()) { precondition(earlier.time <= later.time) }
        precondition(script.endTime.isFinite)
    } catch let error as ReplayScript.ParseError {
        precondition(error.line >= 1)
    } catch {
        preconditionFailure("parse threw something other than a ParseError: \(error)")
    }
    return 0
}
