/// Why a deep zoom description (an IIIF `info.json` or a `.dzi`) cannot be shown. Its
/// `description` is one sentence for a person: which document, and what in it is wrong.
public struct DeepZoomError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The description's URL (or path), as it was asked for.
    public let document: String
    /// What is wrong, as the end of a sentence whose subject is the document ("gives a tile width of 0 …").
    public let problem: String

    public init(document: String, problem: String) { self.document = document; self.problem = problem }

    public var description: String { "The deep zoom description \(document) \(problem)." }
}
