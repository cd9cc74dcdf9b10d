import DocTree

/// Lost bets, and reading an input again without them.
///
/// An index or slice that keys reach through an array's elements
/// (`items.tags[0]`) meets a JSON array first; the matcher bets that it is
/// the only value there, a lone array whose elements the index counts, as
/// the tree takes it. A second value loses the bet: the first array was one
/// value among several. A reading that has handed nothing of that
/// top-level value on (its matches held, ``StreamMatcher/betting``) fails
/// with a ``LostBet``, and a file or bytes in memory are read again from
/// the start with the array taken as one value.
extension StreamMatcher {
    /// An index or slice (its step) in a top-level value (its ordinal, from 0).
    struct Bet: Hashable {
        var value: Int
        var step: Int
    }
    /// A bet lost while nothing of its value had gone out: the error a
    /// reading fails with, unless the input is read again without the bet.
    struct LostBet: Error {
        var bet: Bet
        var error: QueryError
    }
    /// The most times one input is read again for lost bets (each one top-level value's).
    static let rereadings = 4

    /// What `read` gives on `input`, read again from its first byte without
    /// each bet a reading loses (``LostBet``), while the input can be read
    /// again (a file, bytes in memory), at most ``rereadings`` times, and
    /// while `mayReadAgain` agrees (it may take back what a reading wrote).
    /// `read` gets the reader and the bets lost so far (from `lost` on); the first reading
    /// goes through a second reader too, so that the input (its owner)
    /// stays open for another.
    ///
    /// - Throws: a lost bet's error when the input is not read again, or
    ///   what `read` and `mayReadAgain` throw.
    static func readingAgain<Result>(
        _ input: ChunkedInput, lost initial: Set<Bet> = [], mayReadAgain: (Bet) throws -> Bool = { _ in true },
        _ read: (ChunkedInput, _ lost: Set<Bet>) throws -> Result
    ) throws -> Result {
        guard var reading = input.rereading() else {
            do {
                return try read(input, initial)
            } catch let failure as LostBet {
                throw failure.error
            }
        }
        var lost = initial
        while true {
            do {
                return try read(reading, lost)
            } catch let failure as LostBet {
                guard lost.count < rereadings, !lost.contains(failure.bet), let again = input.rereading(),
                    try mayReadAgain(failure.bet)
                else { throw failure.error }
                lost.insert(failure.bet)
                reading = again
            }
        }
    }
}
