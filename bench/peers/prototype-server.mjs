// Bench only, never shipped (its packages are root devDependencies; the server bundle never sees
// this folder): the peer of issue 26 item 2, a minimal reproduction of the prototype's stack.
// Express 5, express-session with its sessions in PostgreSQL (connect-pg-simple), passport with a
// local strategy (email + password checked against the app's built-in accounts, with the app's own
// password check), and Drizzle on node-postgres, serving `GET /api/chickens` for the signed-in
// keeper from the same database as the app. Written as such a server is usually written: the
// session is read (and its expiry touched) in PostgreSQL on every request, the user kept in the
// session as passport serialized it, and the rows sent as Drizzle returns them (`res.json`).
// Minimal on purpose: no request logging, no token refresh, nothing the measured path does not
// need, so that what it costs is the stack's floor, not extra work of ours.
//
// Run with `node --import tsx` (it reads the app's table definitions and password check from
// apps/server/src). DATABASE_URL names the database; prints its port on the first line of stdout.
import connectPgSimple from "connect-pg-simple";
import { asc, desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import express from "express";
import session from "express-session";
import passport from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import pg from "pg";
import { verifyPassword } from "../../apps/server/src/auth/passwords.ts";
import {
  builtinAccounts,
  chickens,
  farmMembers,
  users,
} from "../../apps/server/src/db/schema/index.ts";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const db = drizzle(pool);
const PgStore = connectPgSimple(session);

passport.use(
  new LocalStrategy({ usernameField: "email" }, async (email, password, done) => {
    try {
      const [account] = await db
        .select()
        .from(builtinAccounts)
        .where(eq(builtinAccounts.email, email.trim().toLowerCase()));
      if (!account?.passwordHash || !(await verifyPassword(password, account.passwordHash))) {
        return done(null, false);
      }
      const [member] = await db
        .select({ userId: users.id, farmId: farmMembers.farmId })
        .from(users)
        .innerJoin(farmMembers, eq(farmMembers.userId, users.id))
        .where(eq(users.email, account.email))
        .orderBy(desc(farmMembers.selectedAt))
        .limit(1);
      return member ? done(null, { id: member.userId, farmId: member.farmId }) : done(null, false);
    } catch (err) {
      return done(err);
    }
  }),
);
passport.serializeUser((user, done) => done(null, user));
passport.deserializeUser((user, done) => done(null, user));

const app = express();
app.use(express.json());
app.use(
  session({
    store: new PgStore({
      conString: process.env.DATABASE_URL,
      tableName: "peer_sessions",
      createTableIfMissing: true,
      ttl: 7 * 24 * 60 * 60,
    }),
    secret: "bench-peer-secret",
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, secure: false, maxAge: 7 * 24 * 60 * 60 * 1000 },
  }),
);
app.use(passport.initialize());
app.use(passport.session());

const isAuthenticated = (req, res, next) =>
  req.isAuthenticated() ? next() : res.status(401).json({ message: "Unauthorized" });

app.post("/api/login", passport.authenticate("local"), (req, res) => res.json({ ok: true }));

app.get("/api/chickens", isAuthenticated, async (req, res) => {
  try {
    const rows = await db
      .select()
      .from(chickens)
      .where(eq(chickens.farmId, req.user.farmId))
      .orderBy(asc(chickens.createdAt), asc(chickens.id));
    res.json(rows);
  } catch {
    res.status(500).json({ message: "Failed to fetch chickens" });
  }
});

const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
