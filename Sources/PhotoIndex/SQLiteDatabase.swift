import CSQLite
import Foundation

/// One SQLite database file through the system's libsqlite3: statements run and rows read as
/// Swift values. Not thread safe: its owner keeps it behind a lock.
final class SQLiteDatabase {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A value bound to a `?` or read from a column.
    enum Value: Equatable {
        case integer(Int64), real(Double), text(String), null
    }

    private var handle: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw Failure(description: "\(path): \(message)")
        }
        // Another instance writing at the same moment waits a little instead of failing.
        sqlite3_busy_timeout(handle, 2000)
    }

    deinit { sqlite3_close(handle) }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure() }
    }

    /// Runs `sql` once per row of `bindings`, inside one transaction.
    func run(_ sql: String, rows bindings: [[Value]]) throws {
        try execute("BEGIN")
        do {
            let statement = try prepare(sql)
            defer { sqlite3_finalize(statement) }
            for row in bindings {
                try bind(row, to: statement)
                guard sqlite3_step(statement) == SQLITE_DONE else { throw failure() }
                sqlite3_reset(statement)
            }
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Every row `sql` gives, each column a `Value`, handed to `row` one at a time (a library's
    /// 50,000 rows are never all held as values at once).
    func forEachRow(_ sql: String, _ bindings: [Value] = [], _ row: ([Value]) -> Void) throws {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        try bind(bindings, to: statement)
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { throw failure() }
            row((0..<sqlite3_column_count(statement)).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
                case SQLITE_TEXT: .text(String(cString: sqlite3_column_text(statement, column)))
                default: .null
                }
            })
        }
    }

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw failure() }
        return statement
    }

    /// SQLITE_TRANSIENT: SQLite copies the text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func bind(_ values: [Value], to statement: OpaquePointer?) throws {
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            let code: Int32
            switch value {
            case .integer(let v): code = sqlite3_bind_int64(statement, position, v)
            case .real(let v): code = sqlite3_bind_double(statement, position, v)
            case .text(let v): code = sqlite3_bind_text(statement, position, v, -1, Self.transient)
            case .null: code = sqlite3_bind_null(statement, position)
            }
            guard code == SQLITE_OK else { throw failure() }
        }
    }

    private func failure() -> Failure { Failure(description: String(cString: sqlite3_errmsg(handle))) }
}
