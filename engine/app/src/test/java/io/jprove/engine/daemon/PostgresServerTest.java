package io.jprove.engine.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cluster tests' server: a real PostgreSQL that keeps committed rows across a restart and refuses while down. */
class PostgresServerTest
{
    @TempDir
    Path dir;

    @Test
    void shouldKeepCommittedRowsWhenRestarted() throws Exception
    {
        try (PostgresServer pg = PostgresServer.startIn(dir))
        {
            pg.createDatabase("smoke");
            try (Connection c = DriverManager.getConnection(pg.url("smoke")); Statement s = c.createStatement())
            {
                s.execute("CREATE TABLE t (v int)");
                s.execute("INSERT INTO t VALUES (42)");
            }
            pg.stop();
            assertThrows(SQLException.class, () -> DriverManager.getConnection(pg.url("smoke")).close());
            pg.start();
            try (Connection c = DriverManager.getConnection(pg.url("smoke")); Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT v FROM t"))
            {
                r.next();
                assertEquals(42, r.getInt(1));
            }
        }
    }
}
