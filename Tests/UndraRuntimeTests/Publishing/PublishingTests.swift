#if !canImport(Combine)
import Testing

/// The coarse mode's tests (Sources/UndraRuntime/Publishing), one suite per concern, all under
/// this one so that `swift test --filter Publishing` runs them.
@Suite enum PublishingTests {}
#endif
