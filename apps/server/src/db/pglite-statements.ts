import {
  PGlite,
  messages as protocolMessages,
  parse,
  protocol,
  types,
  type PGliteOptions,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";
import { EmscriptenBuiltinFilesystem } from "@electric-sql/pglite/basefs";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocol"]>>["messages"][number];

/** A statement parsed once under its own name: its parameters' types and its rows' description. */
type Prepared = {
  name: string;
  paramTypes: number[];
  rowDescription: InstanceType<typeof protocolMessages.RowDescriptionMessage> | null;
};

const serialize = protocol.serialize;
const { CommandCompleteMessage, DataRowMessage, DatabaseError } = protocolMessages;

/** SQLSTATEs after which a named statement is dropped and the query run afresh (nothing ran). */
const STALE_STATEMENT = new Set([
  // prepared statement does not exist: a DEALLOCATE ALL or DISCARD ALL went by
  "26000",
  // cached plan must not change result type: a table the statement reads was altered
  "0A000",
]);

/**
 * PGlite, keeping the statements it runs often as named prepared statements, as the server path
 * does for its prepared reads (pg's named statements): PGlite's `query` parses, describes and plans
 * its text on every call, and for the main keeper reads that was most of their CPU (measured on
 * the bench keeper: Today's one statement 3.4 ms through `query`, 0.34 ms bound to a named
 * statement; the birds list 3.4 vs 0.43 ms). A text seen a second time is parsed under a name
 * (with its parameter types and row description kept here); from then on a call is one protocol
 * round trip, Bind + Execute + Sync, and PostgreSQL plans it once (or keeps a generic plan after
 * five runs, as it does on the server). A text run once (one-off statements) never is.
 *
 * The rows are PGlite's own: its result parser, with the caller's `rowMode` and `parsers`, and its
 * parameter serializers by the statement's parameter types, as `query` does. The statement runs
 * under both of PGlite's locks, as `query` does, so it never runs inside a transaction another
 * caller has open. At most `capacity` texts are remembered (least recently used forgotten, and their
 * statements closed), so statements built with changing text cannot grow the cache without bound.
 * Transactions (`transaction(tx => …)`) run their statements through PGlite itself, unchanged.
 */
export class PreparingPGlite extends PGlite {
  /** Text → its statement, or null when seen once; a Map keeps insertion order, oldest first. */
  readonly #statements = new Map<string, Prepared | null>();
  /** Names of forgotten statements, closed before the next statement runs. */
  #toClose: string[] = [];
  #nextName = 0;
  readonly #capacity: number;
  /**
   * Someone asked for notifications (LISTEN): from then on statements go through PGlite's message
   * handling, which hands them to the listeners. The app itself never listens on PGlite.
   */
  #listening = false;

  constructor(options: PGliteOptions & { statementCapacity?: number } = {}) {
    const { statementCapacity = 500, ...pgliteOptions } = options;
    super(pgliteOptions);
    this.#capacity = statementCapacity;
  }

  static async open(
    options: PGliteOptions & { statementCapacity?: number } = {},
  ): Promise<PreparingPGlite> {
    const client = new PreparingPGlite(options);
    await client.waitReady;
    return client;
  }

  override listen(...args: Parameters<PGlite["listen"]>): ReturnType<PGlite["listen"]> {
    this.#listening = true;
    return super.listen(...args);
  }

  override onNotification(
    ...args: Parameters<PGlite["onNotification"]>
  ): ReturnType<PGlite["onNotification"]> {
    this.#listening = true;
    return super.onNotification(...args);
  }

  /** How many statements are kept prepared now (for tests). */
  get preparedCount(): number {
    let n = 0;
    for (const s of this.#statements.values()) if (s) n++;
    return n;
  }

  override async query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    // What `query` does besides the statement itself (a blob to COPY from or to, fixed parameter
    // types) stays with PGlite.
    if (options?.blob || options?.paramTypes || text.includes("/dev/blob")) {
      return super.query<T>(text, params, options);
    }
    await this._checkReady();
    const named = await this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const known = this.#statements.get(text);
        if (known === undefined) {
          this.#remember(text, null);
          return null;
        }
        // Most recently used last.
        this.#statements.delete(text);
        this.#statements.set(text, known);
        try {
          return await this.#run<T>(known ?? (await this.#prepare(text)), params, options);
        } catch (err) {
          const code = (err as { code?: unknown }).code;
          if (typeof code === "string" && STALE_STATEMENT.has(code)) {
            this.#forget(text);
            return null;
          }
          throw Object.assign(err as Error, { query: text, params, queryOptions: options });
        }
      }),
    );
    return named ?? super.query<T>(text, params, options);
  }

  /** Parses `text` under a new name; runs inside both locks. */
  async #prepare(text: string): Promise<Prepared> {
    const name = `fk_pglite_${this.#nextName++}`;
    const { messages } = await this.execProtocol(
      concat([
        ...this.#closing(),
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
    );
    const statement: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription:
        messages.find((m) => m instanceof protocolMessages.RowDescriptionMessage) ?? null,
    };
    this.#statements.set(text, statement);
    return statement;
  }

  /** Binds and runs a prepared statement; runs inside both locks. */
  async #run<T>(
    statement: Prepared,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    // As PGlite's `query` serializes parameters: by the type the statement gave each one.
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const write = options?.serializers?.[oid] ?? this.serializers[oid];
      return write ? write(param) : String(param);
    });
    const message = concat([
      ...this.#closing(),
      serialize.bind({ statement: statement.name, values }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    // A caller that wants notices, or a connection that listens for notifications, gets PGlite's
    // own message handling (which hands those on); every other run reads the raw answer.
    if (options?.onNotice || this.#listening) {
      const { messages } = await this.execProtocol(message, { onNotice: options?.onNotice });
      return this.#results<T>(statement, messages, options);
    }
    const chunks: Uint8Array[] = [];
    await this.execProtocolRawStream(message, {
      // Emscripten's own file systems (the data folder on disk, memory) have nothing to sync: their
      // syncToFs is empty, and asking for it cost a mutex turn per statement.
      syncToFs: !(this.fs instanceof EmscriptenBuiltinFilesystem),
      // A view into the WebAssembly memory, valid only during the call.
      onRawData: (bytes) => void chunks.push(bytes.slice()),
    });
    return this.#rawResults<T>(
      statement,
      chunks.length === 1 ? chunks[0]! : concat(chunks),
      options,
    );
  }

  /**
   * The first result of a run read straight from the backend's bytes: what `execProtocol` followed
   * by `#results` answers, without PGlite building a message object for every row and copying the
   * answer twice (together a fifth of an embedded flocks list's CPU). Only the messages a bound
   * statement's run sends are read: BindComplete, DataRow, CommandComplete, ErrorResponse (the
   * first one is thrown, as PGlite does, once the whole answer is read), ReadyForQuery; any other
   * (a NoticeResponse with no one asking for it) is skipped.
   */
  #rawResults<T>(
    statement: Prepared,
    bytes: Uint8Array,
    options: QueryOptions | undefined,
  ): Results<T> {
    const { fields, row } = this.#reader(statement, options);
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const rows: unknown[] = [];
    let result: Results<T> | undefined;
    let error: Error | undefined;
    for (let at = 0; at + 5 <= buf.length;) {
      const type = buf[at]!;
      const start = at + 5;
      const end = at + 1 + buf.readInt32BE(at + 1);
      at = end;
      if (error || result) continue;
      if (type === DATA_ROW) {
        const values: (string | null)[] = new Array(buf.readInt16BE(start));
        for (let i = 0, p = start + 2; i < values.length; i++) {
          const length = buf.readInt32BE(p);
          p += 4;
          values[i] = length < 0 ? null : buf.toString("utf8", p, (p += length));
        }
        rows.push(row(values));
      } else if (type === COMMAND_COMPLETE) {
        result = commandResult<T>(buf.toString("utf8", start, end - 1), rows, fields);
      } else if (type === ERROR_RESPONSE) {
        error = databaseError(buf, start, end);
      }
    }
    if (error) throw error;
    return result ?? ({ affectedRows: 0, rows: [], fields: [] } as Results<T>);
  }

  /**
   * The first result of a run, as PGlite's `parseResults` builds it, with the row description kept
   * from the statement's Describe. Its own loop rather than `parseResults`: that one spreads
   * PGlite's parsers (one per type and array type, hundreds) with the caller's into a new object on
   * every call Drizzle makes (Drizzle always passes parsers), an eighth of a flocks list's CPU
   * (`#reader` picks each column's parser once per run instead).
   */
  #results<T>(
    statement: Prepared,
    messages: BackendMessage[],
    options: QueryOptions | undefined,
  ): Results<T> {
    const { fields, row } = this.#reader(statement, options);
    const rows: unknown[] = [];
    for (const message of messages) {
      if (message instanceof DataRowMessage) rows.push(row(message.fields.slice()));
      else if (message instanceof CommandCompleteMessage) {
        return commandResult<T>(message.text, rows, fields);
      }
    }
    return { affectedRows: 0, rows: [], fields: [] };
  }

  /**
   * How a statement's rows are read with these options: its fields, and a row from its columns'
   * texts (parsed in place). Each column's parser is picked once per run, by PGlite's rule: the
   * caller's for its type, else PGlite's, else PGlite's defaults.
   */
  #reader(statement: Prepared, options: QueryOptions | undefined) {
    const fields = (statement.rowDescription?.fields ?? []).map((f) => ({
      name: f.name,
      dataTypeID: f.dataTypeID,
    }));
    const own = options?.parsers;
    const parsers = fields.map(
      ({ dataTypeID: oid }) =>
        (own && Object.hasOwn(own, oid) ? own[oid] : this.parsers[oid]) ?? types.parsers[oid],
    );
    const asArray = options?.rowMode === "array";
    const row = (values: unknown[]): unknown => {
      for (let i = 0; i < values.length; i++) {
        const parser = parsers[i];
        if (values[i] !== null && parser)
          values[i] = parser(values[i] as string, fields[i]!.dataTypeID);
      }
      if (asArray) return values;
      const named: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) named[fields[i]!.name] = values[i];
      return named;
    };
    return { fields, row };
  }

  #remember(text: string, statement: Prepared | null) {
    this.#statements.set(text, statement);
    while (this.#statements.size > this.#capacity) {
      const [oldest] = this.#statements.keys();
      this.#forget(oldest!);
    }
  }

  #forget(text: string) {
    const statement = this.#statements.get(text);
    this.#statements.delete(text);
    if (statement) this.#toClose.push(statement.name);
  }

  /** Close messages for the forgotten statements, sent ahead of the next statement. */
  #closing(): Uint8Array[] {
    const closes = this.#toClose.map((name) => serialize.close({ type: "S", name }));
    this.#toClose = [];
    return closes;
  }
}

/** Backend message types read by `#rawResults`. */
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR_RESPONSE = 0x45; // 'E'

/** A run's result from its command tag, as PGlite's `parseResults` reads one. */
function commandResult<T>(
  tag: string,
  rows: unknown[],
  fields: { name: string; dataTypeID: number }[],
): Results<T> {
  // A row count ends the tag ("SELECT 2", "INSERT 0 5").
  const parts = tag.split(" ");
  const command = parts[0]!;
  const rowCount = parseInt(parts[parts.length - 1]!, 10);
  const affectedRows = ["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command)
    ? rowCount
    : 0;
  const result = { rows: rows as T[], fields, command, affectedRows } as Results<T>;
  if (!Number.isNaN(rowCount)) (result as { rowCount?: number }).rowCount = rowCount;
  return result;
}

/** Error fields by their code in an ErrorResponse, named as pg-protocol (and PGlite) name them. */
const ERROR_FIELDS: Record<string, keyof InstanceType<typeof DatabaseError>> = {
  S: "severity",
  C: "code",
  D: "detail",
  H: "hint",
  P: "position",
  p: "internalPosition",
  q: "internalQuery",
  W: "where",
  s: "schema",
  t: "table",
  c: "column",
  d: "dataType",
  n: "constraint",
  F: "file",
  L: "line",
  R: "routine",
};

/** The DatabaseError PGlite would throw for the ErrorResponse in `buf` from `start` to `end`. */
function databaseError(
  buf: Buffer,
  start: number,
  end: number,
): InstanceType<typeof DatabaseError> {
  const found: Record<string, string> = {};
  for (let p = start; p < end && buf[p] !== 0;) {
    const code = String.fromCharCode(buf[p]!);
    const close = buf.indexOf(0, p + 1);
    // A field without its terminator: the message is cut short; keep what was read.
    if (close < 0 || close >= end) break;
    found[code] = buf.toString("utf8", p + 1, close);
    p = close + 1;
  }
  const error = new DatabaseError(found.M ?? "", end - start + 4, "error");
  for (const [code, key] of Object.entries(ERROR_FIELDS)) {
    (error as unknown as Record<string, string | undefined>)[key] = found[code];
  }
  return error;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
