# Learning from a database: alarm with 10 million rows in an SQLite file, learned by
# hill_climb() from bn_data(con, table = "alarm") (the counts computed by SQLite, R holds
# only the distinct rows) next to loading the rows into R and learning from the data frame.
# Each route runs in its own R process under /usr/bin/time -v (peak resident memory).
# Run from the package root: Rscript bench/database.R
# (LEARNBN_DB_ROWS sets the rows, LEARNBN_DB_FILE the SQLite file; the file is kept and
# reused when it has the rows asked for.)
#
# Measured 2026-11-26 on the shared 2-core machine (load average about 10, so times are
# several times those of an idle machine), 10,000,000 rows (a 2.3 GB file, written in
# 259 s):
#      route       rows  rows_in_r data_s learn_s total_s peak_mb      score arcs
#   database 10,000,000  1,309,043  357.4    35.5   392.9     692 -104384954   63
#  rows_in_r 10,000,000 10,000,000  160.6    25.9   186.5    4630 -104384954   63
# Same graph from both routes. SQLite's GROUP BY alone took 253 s of the database
# route's 357 s (a sort on 37 text columns); a column store such as DuckDB aggregates
# in parallel by hashing.
suppressPackageStartupMessages(library(learnbn))
networks <- Sys.getenv("LEARNBN_NETWORKS", "../shared/networks")
rows <- as.numeric(Sys.getenv("LEARNBN_DB_ROWS", "1e7"))
file <- Sys.getenv("LEARNBN_DB_FILE", "/tmp/learnbn-alarm.sqlite")
network <- file.path(networks, "alarm.bif.gz")
chunk <- 1e6

# Simulates `rows` cases of alarm in chunks of `chunk` and appends each to the table, so
# that R never holds more than one chunk.
write_alarm <- function(file, rows) {
  fit <- read_bif(network)
  con <- DBI::dbConnect(RSQLite::SQLite(), file)
  on.exit(DBI::dbDisconnect(con))
  if (DBI::dbExistsTable(con, "alarm")) {
    if (DBI::dbGetQuery(con, "SELECT COUNT(*) AS n FROM alarm")$n == rows) return(invisible())
    DBI::dbRemoveTable(con, "alarm")
  }
  for (i in seq_len(ceiling(rows / chunk))) {
    set.seed(i)
    part <- simulate_data(fit, min(chunk, rows - (i - 1) * chunk))
    part[] <- lapply(part, as.character)
    DBI::dbWriteTable(con, "alarm", part, append = TRUE)
  }
}

# The R code of each route; it prints "seconds_data seconds_learn score arcs" on one line.
route_code <- list(
  database = '
    con <- DBI::dbConnect(RSQLite::SQLite(), FILE)
    t1 <- system.time(d <- bn_data(con, table = "alarm"))[["elapsed"]]
    t2 <- system.time(g <- hill_climb(d))[["elapsed"]]
    saveRDS(as.matrix(g), paste0(FILE, ".database.rds"))
    cat("RESULT", t1, t2, g$score, nrow(arcs(g)), d$n_rows, "\n")',
  rows_in_r = '
    con <- DBI::dbConnect(RSQLite::SQLite(), FILE)
    levels <- lapply(read_bif(NETWORK)$levels, sort)
    read_rows <- function() {
      result <- DBI::dbSendQuery(con, "SELECT * FROM alarm")
      codes <- list()
      while (!DBI::dbHasCompleted(result)) {
        part <- DBI::dbFetch(result, n = 1e6)
        codes[[length(codes) + 1]] <- Map(match, part, levels[names(part)])
      }
      DBI::dbClearResult(result)
      columns <- lapply(names(codes[[1]]), function(v) structure(
        unlist(lapply(codes, `[[`, v)), levels = levels[[v]], class = "factor"))
      as.data.frame(setNames(columns, names(codes[[1]])))
    }
    t1 <- system.time(d <- bn_data(read_rows()))[["elapsed"]]
    t2 <- system.time(g <- hill_climb(d))[["elapsed"]]
    saveRDS(as.matrix(g), paste0(FILE, ".rows_in_r.rds"))
    cat("RESULT", t1, t2, g$score, nrow(arcs(g)), d$n_rows, "\n")')

run_route <- function(name) {
  code <- paste0("suppressPackageStartupMessages(library(learnbn)); FILE <- '", file,
                 "'; NETWORK <- '", network, "';", route_code[[name]])
  out <- system2("/usr/bin/time", c("-v", "Rscript", "-e", shQuote(code)), stdout = TRUE,
                 stderr = TRUE)
  result <- strsplit(grep("^RESULT", out, value = TRUE), " +")[[1]]
  peak <- as.numeric(sub(".*: ", "", grep("Maximum resident", out, value = TRUE))) / 1024
  data.frame(route = name, rows = format(rows, big.mark = ",", scientific = FALSE),
             rows_in_r = format(as.numeric(result[6]), big.mark = ",", scientific = FALSE),
             data_s = round(as.numeric(result[2]), 1), learn_s = round(as.numeric(result[3]), 1),
             total_s = round(as.numeric(result[2]) + as.numeric(result[3]), 1),
             peak_mb = round(peak), score = round(as.numeric(result[4]), 2),
             arcs = as.integer(result[5]))
}

setup <- system.time(write_alarm(file, rows))[["elapsed"]]
cat(sprintf("SQLite file %s: %.1f GB (written or checked in %.0f s)\n", file,
            file.size(file) / 1e9, setup))
table <- do.call(rbind, lapply(names(route_code), run_route))
same <- identical(readRDS(paste0(file, ".database.rds")), readRDS(paste0(file, ".rows_in_r.rds")))
print(table, row.names = FALSE)
cat("Same graph from both routes:", same, "\n")
