// `DerivedDataCache` is Sendable because every access to its mutable
// dictionary happens inside `lock`, and it only stores `Sendable` objects
// (enforced by `value(_:orInsert:)`'s generic constraint).
extension DerivedDataCache: @unchecked Sendable {}
