//! The stores' schema migrations, as sqlx's `migrator` runs them: the
//! files of `qttt-server/migrations/`, listed by the build script and
//! embedded in the binary (the `migrate!` macro's job, without sqlx's
//! macros; see `build.rs`).

use std::borrow::Cow;

use sqlx::migrate::{Migration, MigrationType, Migrator};

include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// The migrator both stores run when they open.
pub(super) fn migrator() -> Migrator {
    let migrations = MIGRATIONS
        .iter()
        .map(|&(version, description, sql)| {
            let no_tx = sql.starts_with("-- no-transaction");
            Migration::new(
                version,
                Cow::Borrowed(description),
                MigrationType::Simple,
                Cow::Borrowed(sql),
                no_tx,
            )
        })
        .collect();
    Migrator {
        migrations: Cow::Owned(migrations),
        ..Migrator::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use sqlx::migrate::Migrator;

    /// The embedded list is what sqlx itself reads from the folder:
    /// versions, descriptions, kinds, SQL and checksums.
    #[tokio::test]
    async fn the_embedded_migrations_are_sqlx_s_reading_of_the_folder() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        let read = Migrator::new(folder.as_path()).await.expect("the folder");
        let embedded = super::migrator();
        let describe = |migrator: &Migrator| {
            migrator
                .iter()
                .map(|m| {
                    let kind = format!("{:?}", m.migration_type);
                    (
                        m.version,
                        m.description.to_string(),
                        kind,
                        m.sql.to_string(),
                        m.checksum.to_vec(),
                        m.no_tx,
                    )
                })
                .collect::<Vec<_>>()
        };
        assert!(read.iter().count() >= 3, "the folder holds the migrations");
        assert_eq!(describe(&embedded), describe(&read));
    }
}
