// `WideNodeIndex` is Sendable because its only mutable state, `entries`, is
// read and written with `lock` held, and the `ChildGroups` it hands out are
// immutable.
extension WideNodeIndex: @unchecked Sendable {}
