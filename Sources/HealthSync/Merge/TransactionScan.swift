/// The first pass over one device's journal: which transactions are whole (their commit line
/// and every operation line there), in memory that does not grow with lines that never end.
///
/// A device writes one transaction at a time, whole, under its folder's lock (see
/// ``JournalPublisher``), and cuts what a crash left unfinished before it writes again. So in a
/// device's stream only the transaction whose lines come last can still be arriving; one that
/// any other line follows before its commit line was never finished, and is given up at once
/// instead of waited for. Given-up transactions are counted per file, and the first few named.
struct TransactionScan {
    /// Where a line is: the file's index in the stream, its offset and its line number.
    struct Place {
        var file: Int
        var offset: Int64
        var line: Int
    }

    /// A transaction given up: where it began and how many lines it had.
    struct GivenUp {
        var id: String
        var began: Place
        var lines: Int
    }

    /// The transactions whose commit line came after all their operations.
    private(set) var complete = Set<String>()
    /// Per file of the stream (by index), the transactions given up that began there: the
    /// first ``namedLimit`` of them, and how many in all.
    private(set) var givenUp: [Int: (named: [GivenUp], count: Int)] = [:]
    /// How many given-up transactions are named one by one.
    let namedLimit: Int

    /// The transaction whose lines came last, with no commit line yet: its id, how many lines,
    /// and its first line in each file it is in.
    private var open: (id: String, lines: Int, first: [Int: Place])?

    init(namedLimit: Int) {
        self.namedLimit = namedLimit
    }

    /// An operation line of `transaction`.
    mutating func operation(of transaction: String, at place: Place) {
        if open?.id == transaction {
            open!.lines += 1
            if open!.first[place.file] == nil { open!.first[place.file] = place }
            return
        }
        giveUpOpen()
        open = (transaction, 1, [place.file: place])
    }

    /// The commit line of `transaction`, which says it has `operations` operation lines.
    mutating func commit(of transaction: String, operations: Int) {
        if let current = open, current.id == transaction, current.lines >= operations {
            complete.insert(transaction)
            open = nil
            return
        }
        giveUpOpen()
        if operations == 0 { complete.insert(transaction) }
    }

    /// A line complete in itself (format 1).
    mutating func standalone() {
        giveUpOpen()
    }

    /// Where `file` is to be read from next time: the first line there of the transaction
    /// still arriving, or nil when none of it is in that file.
    func waiting(in file: Int) -> Place? {
        open?.first[file]
    }

    /// True when a transaction is still arriving (its lines end the stream).
    var isWaiting: Bool { open != nil }

    private mutating func giveUpOpen() {
        guard let current = open else { return }
        open = nil
        guard let began = current.first.values.min(by: { ($0.file, $0.offset) < ($1.file, $1.offset) }) else { return }
        var inFile = givenUp[began.file] ?? ([], 0)
        inFile.count += 1
        if inFile.named.count < namedLimit { inFile.named.append(GivenUp(id: current.id, began: began, lines: current.lines)) }
        givenUp[began.file] = inFile
    }
}
