//! The portable SQL of the stores, written once over sqlx's [`Database`]
//! so that the embedded store (SQLite) and the shared one (PostgreSQL) run
//! the very same statements. Only `BIGINT` and `TEXT`, `$n` parameters,
//! `ON CONFLICT DO NOTHING` and `RETURNING`, which both engines have.

use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Pool, Row, Type};

use super::{
    GameEnd, NewTable, StoreError, StoredAction, StoredGame, StoredTable, Write, game_end, number,
};
use crate::settings::SeatKind;

/// A pool of either engine, with the statements every store shares.
#[derive(Debug)]
pub struct Sql<DB: Database> {
    /// The connections.
    pub pool: Pool<DB>,
}

impl<DB: Database> Clone for Sql<DB> {
    fn clone(&self) -> Sql<DB> {
        Sql {
            pool: self.pool.clone(),
        }
    }
}

/// A change that must touch exactly one row did not: another writer got
/// there first (the game ended, the ply or the seat was taken).
fn touched(row: Option<impl Sized>, what: &str) -> Result<(), StoreError> {
    row.map(|_| ())
        .ok_or_else(|| StoreError::Conflict(what.to_owned()))
}

impl<DB> Sql<DB>
where
    DB: Database,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Decode<'q, DB> + Type<DB>,
    for<'q> Option<String>: Encode<'q, DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row>,
{
    /// Applies `writes` in one transaction, all or nothing; with `notify`
    /// (a channel and a payload, PostgreSQL only) it also sends that
    /// notification, which listeners get once the transaction commits.
    pub async fn commit(
        &self,
        writes: &[&Write],
        notify: Option<(&str, &str)>,
    ) -> Result<(), StoreError> {
        let mut transaction = self.pool.begin().await?;
        for write in writes {
            apply(&mut transaction, write).await?;
        }
        if let Some((channel, payload)) = notify {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(channel)
                .bind(payload)
                .execute(&mut *transaction)
                .await?;
        }
        transaction.commit().await?;
        Ok(())
    }

    /// Creates a class; `false` if the code is taken.
    pub async fn create_class(&self, code: String, created_at: i64) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "INSERT INTO classes (code, created_at) VALUES ($1, $2) \
             ON CONFLICT DO NOTHING RETURNING code",
        )
        .bind(code)
        .bind(created_at)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// Whether a class has this code.
    pub async fn class_exists(&self, code: String) -> Result<bool, StoreError> {
        Ok(sqlx::query("SELECT code FROM classes WHERE code = $1")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?
            .is_some())
    }

    /// The codes of a class's tables, oldest first.
    pub async fn class_tables(&self, code: String) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT code FROM game_tables WHERE class_code = $1 ORDER BY created_at, code",
        )
        .bind(code)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| row.try_get("code").map_err(StoreError::from))
            .collect()
    }

    /// Creates a table and its first game; `false` if the code is taken.
    pub async fn create_table(&self, table: NewTable) -> Result<bool, StoreError> {
        let mut transaction = self.pool.begin().await?;
        let row = sqlx::query(
            "INSERT INTO game_tables (code, class_code, seat0_kind, seat1_kind, clock, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING code",
        )
        .bind(table.code.as_str())
        .bind(table.class)
        .bind(table.kinds[0].name())
        .bind(table.kinds[1].name())
        .bind(serde_json::to_string(&table.clock).expect("a clock setting serialises"))
        .bind(table.created_at)
        .fetch_optional(&mut *transaction)
        .await?;
        if row.is_none() {
            return Ok(false);
        }
        sqlx::query("INSERT INTO games (table_code, game_no) VALUES ($1, 1)")
            .bind(table.code.as_str())
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await?;
        Ok(true)
    }

    /// A table and its newest game, if the code is known.
    pub async fn load_table(&self, code: String) -> Result<Option<StoredTable>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT class_code, seat0_kind, seat1_kind, clock, seat0_token_hash, \
             seat1_token_hash, created_at FROM game_tables WHERE code = $1",
        )
        .bind(code.as_str())
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let kind = |column: &str| -> Result<SeatKind, StoreError> {
            let name: String = row.try_get(column)?;
            SeatKind::from_name(&name)
                .ok_or_else(|| StoreError::Failed(format!("unknown seat kind {name:?}")))
        };
        let clock: String = row.try_get("clock")?;
        let table = NewTable {
            class: row.try_get("class_code")?,
            kinds: [kind("seat0_kind")?, kind("seat1_kind")?],
            clock: serde_json::from_str(&clock)
                .map_err(|error| StoreError::Failed(format!("clock {clock:?}: {error}")))?,
            created_at: row.try_get("created_at")?,
            code,
        };
        let token_hashes = [
            row.try_get("seat0_token_hash")?,
            row.try_get("seat1_token_hash")?,
        ];
        let newest: i64 =
            sqlx::query("SELECT MAX(game_no) AS newest FROM games WHERE table_code = $1")
                .bind(table.code.as_str())
                .fetch_one(&self.pool)
                .await?
                .try_get("newest")?;
        let game = self
            .load_game(&table.code, number(newest, "game number")?)
            .await?
            .ok_or_else(|| StoreError::Failed(format!("table {} has no game", table.code)))?;
        Ok(Some(StoredTable {
            table,
            token_hashes,
            game,
        }))
    }

    /// One game of a table.
    pub async fn load_game(
        &self,
        code: &str,
        game_no: u32,
    ) -> Result<Option<StoredGame>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT winner, ending, rematch_offer FROM games WHERE table_code = $1 AND game_no = $2",
        )
        .bind(code)
        .bind(i64::from(game_no))
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let end = game_end(row.try_get("winner")?, row.try_get("ending")?)?;
        let offer: Option<i64> = row.try_get("rematch_offer")?;
        let rematch_offer = match offer {
            None => None,
            Some(seat @ 0..=1) => Some(seat as usize),
            Some(other) => {
                return Err(StoreError::Failed(format!("rematch offer by seat {other}")));
            }
        };
        let rows = sqlx::query(
            "SELECT ply, action, x_ms, o_ms FROM actions \
             WHERE table_code = $1 AND game_no = $2 ORDER BY ply",
        )
        .bind(code)
        .bind(i64::from(game_no))
        .fetch_all(&self.pool)
        .await?;
        let mut actions = Vec::with_capacity(rows.len());
        for (expected, row) in rows.iter().enumerate() {
            let ply: i64 = row.try_get("ply")?;
            if usize::try_from(ply).ok() != Some(expected) {
                return Err(StoreError::Failed(format!(
                    "table {code} game {game_no}: ply {expected} missing"
                )));
            }
            actions.push(StoredAction {
                action: row.try_get("action")?,
                clocks: [row.try_get("x_ms")?, row.try_get("o_ms")?],
            });
        }
        Ok(Some(StoredGame {
            game_no,
            actions,
            end,
            rematch_offer,
        }))
    }
}

/// One write inside a transaction. Each one that must find the table in
/// the state its writer saw says so in its `WHERE` and fails with
/// [`StoreError::Conflict`] when it does not: with one instance that never
/// happens (a table's task writes one change at a time), with several the
/// database decides which of two concurrent changes wins.
async fn apply<DB>(
    transaction: &mut sqlx::Transaction<'_, DB>,
    write: &Write,
) -> Result<(), StoreError>
where
    DB: Database,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Type<DB>,
    for<'q> Option<String>: Encode<'q, DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
{
    match write {
        Write::Action {
            code,
            game_no,
            ply,
            action,
            end,
        } => {
            // Moves the game's count of actions on, only from this ply and
            // while the game goes on; in PostgreSQL this locks the game's
            // row, so a concurrent change of the game waits and then finds
            // the count moved.
            let row = sqlx::query(
                "UPDATE games SET plies = plies + 1 \
                 WHERE table_code = $1 AND game_no = $2 AND ending IS NULL AND plies = $3 \
                 RETURNING game_no",
            )
            .bind(code.as_str())
            .bind(i64::from(*game_no))
            .bind(i64::from(*ply))
            .fetch_optional(&mut **transaction)
            .await?;
            touched(row, "the game is over or past this ply")?;
            // The primary key (table, game, ply) refuses a second action
            // at the same ply: a unique violation is a conflict.
            sqlx::query(
                "INSERT INTO actions (table_code, game_no, ply, action, x_ms, o_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(code.as_str())
            .bind(i64::from(*game_no))
            .bind(i64::from(*ply))
            .bind(action.action.as_str())
            .bind(action.clocks[0])
            .bind(action.clocks[1])
            .execute(&mut **transaction)
            .await?;
            if let Some(end) = end {
                end_game(transaction, code, *game_no, ply + 1, *end).await?;
            }
        }
        Write::End {
            code,
            game_no,
            plies,
            end,
        } => {
            end_game(transaction, code, *game_no, *plies, *end).await?;
        }
        Write::Seat {
            code,
            seat,
            token_hash,
        } => {
            let column = if *seat == 0 {
                "seat0_token_hash"
            } else {
                "seat1_token_hash"
            };
            let row = sqlx::query(&format!(
                "UPDATE game_tables SET {column} = $1 WHERE code = $2 AND {column} IS NULL \
                 RETURNING code"
            ))
            .bind(token_hash.as_str())
            .bind(code.as_str())
            .fetch_optional(&mut **transaction)
            .await?;
            touched(row, "the seat is taken")?;
        }
        Write::Offer {
            code,
            game_no,
            seat,
        } => {
            let row = sqlx::query(
                "UPDATE games SET rematch_offer = $1 WHERE table_code = $2 AND game_no = $3 \
                 AND ending IS NOT NULL AND rematch_offer IS NULL RETURNING game_no",
            )
            .bind(i64::from(*seat == 1))
            .bind(code.as_str())
            .bind(i64::from(*game_no))
            .fetch_optional(&mut **transaction)
            .await?;
            touched(row, "a rematch was offered already")?;
        }
        Write::NewGame { code, game_no } => {
            sqlx::query("INSERT INTO games (table_code, game_no) VALUES ($1, $2)")
                .bind(code.as_str())
                .bind(i64::from(*game_no))
                .execute(&mut **transaction)
                .await?;
        }
    }
    Ok(())
}

async fn end_game<DB>(
    transaction: &mut sqlx::Transaction<'_, DB>,
    code: &str,
    game_no: u32,
    plies: u32,
    end: GameEnd,
) -> Result<(), StoreError>
where
    DB: Database,
    for<'c> &'c mut DB::Connection: Executor<'c, Database = DB>,
    for<'q> DB::Arguments<'q>: IntoArguments<'q, DB>,
    for<'q> i64: Encode<'q, DB> + Type<DB>,
    for<'q> String: Encode<'q, DB> + Type<DB>,
    for<'q> Option<String>: Encode<'q, DB>,
    for<'q> &'q str: Encode<'q, DB> + Type<DB>,
{
    let row = sqlx::query(
        "UPDATE games SET winner = $1, ending = $2 \
         WHERE table_code = $3 AND game_no = $4 AND ending IS NULL AND plies = $5 \
         RETURNING game_no",
    )
    .bind(end.winner.map(String::from))
    .bind(end.ending)
    .bind(code)
    .bind(i64::from(game_no))
    .bind(i64::from(plies))
    .fetch_optional(&mut **transaction)
    .await?;
    touched(row, "the game is over or past this ply")
}
