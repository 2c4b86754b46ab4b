#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>
#include <math.h>
#include <string.h>

/// Turns off SQLite's memory statistics, which take a process-wide mutex around every allocation.
/// Takes effect only before SQLite initializes (the first connection opened); SQLITE_MISUSE after.
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/* FTS5's bm25() in two halves, for a caller that knows each row's length in tokens without asking
   FTS5, which reads it from its docsize table: a B-tree lookup for every row that matches. The
   first half, the auxiliary function bm25_terms(table, weight...), is what bm25() computes for a
   row before it needs that length: the query's average row length and each phrase's IDF (once
   per query), and the row's weighted frequency of each phrase. The second half,
   csqlite_bm25_score, is bm25()'s formula given the length. Both follow ext/fts5/fts5_aux.c
   step for step, so that the scores are bm25()'s own. */

typedef struct {
    int phrases;
    double averageLength;
    double *idf;
} csqlite_bm25_query;

static inline int csqlite_bm25_count_row(const Fts5ExtensionApi *api, Fts5Context *fts, void *count) {
    (void)api; (void)fts;
    (*(sqlite3_int64 *)count)++;
    return SQLITE_OK;
}

static inline int csqlite_bm25_query_data(const Fts5ExtensionApi *api, Fts5Context *fts, csqlite_bm25_query **out) {
    csqlite_bm25_query *query = (csqlite_bm25_query *)api->xGetAuxdata(fts, 0);
    if (query) { *out = query; return SQLITE_OK; }
    int phrases = api->xPhraseCount(fts);
    query = (csqlite_bm25_query *)sqlite3_malloc64(sizeof(csqlite_bm25_query) + sizeof(double) * (sqlite3_uint64)phrases);
    if (!query) return SQLITE_NOMEM;
    memset(query, 0, sizeof(csqlite_bm25_query));
    query->phrases = phrases;
    query->idf = (double *)&query[1];
    sqlite3_int64 rows = 0, tokens = 0;
    int rc = api->xRowCount(fts, &rows);
    if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
    if (rc == SQLITE_OK) query->averageLength = (double)tokens / (double)rows;
    for (int i = 0; rc == SQLITE_OK && i < phrases; i++) {
        sqlite3_int64 hits = 0;
        rc = api->xQueryPhrase(fts, i, (void *)&hits, csqlite_bm25_count_row);
        if (rc == SQLITE_OK) {
            double idf = log((rows - hits + 0.5) / (hits + 0.5));
            if (idf <= 0.0) idf = 1e-6;
            query->idf[i] = idf;
        }
    }
    if (rc == SQLITE_OK) rc = api->xSetAuxdata(fts, query, sqlite3_free);
    else sqlite3_free(query);
    if (rc == SQLITE_OK) *out = query;
    return rc;
}

/// bm25_terms(table, weight...): a blob of doubles in this machine's byte order, the query's
/// average row length, each phrase's IDF, then the row's frequency of each phrase.
static inline void csqlite_bm25_terms(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                                      int weights, sqlite3_value **weight) {
    csqlite_bm25_query *query = 0;
    int rc = csqlite_bm25_query_data(api, fts, &query);
    if (rc != SQLITE_OK) { sqlite3_result_error_code(context, rc); return; }
    int count = 1 + 2 * query->phrases;
    double *terms = (double *)sqlite3_malloc64(sizeof(double) * (sqlite3_uint64)count);
    if (!terms) { sqlite3_result_error_nomem(context); return; }
    terms[0] = query->averageLength;
    double *frequency = terms + 1 + query->phrases;
    for (int i = 0; i < query->phrases; i++) { terms[1 + i] = query->idf[i]; frequency[i] = 0.0; }
    int instances = 0;
    rc = api->xInstCount(fts, &instances);
    for (int i = 0; rc == SQLITE_OK && i < instances; i++) {
        int phrase, column, offset;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (rc == SQLITE_OK) frequency[phrase] += (weights > column) ? sqlite3_value_double(weight[column]) : 1.0;
    }
    if (rc != SQLITE_OK) { sqlite3_free(terms); sqlite3_result_error_code(context, rc); return; }
    sqlite3_result_blob(context, terms, (int)(sizeof(double) * (size_t)count), sqlite3_free);
}

/// bm25()'s score of a row of `length` tokens, from the query's average length and IDFs and the
/// row's frequency of each of the `phrases` phrases, as bm25_terms gave them.
static inline double csqlite_bm25_score(double averageLength, const double *idf, const double *frequency, int phrases,
                                        double length) {
    const double k1 = 1.2;
    const double b = 0.75;
    double score = 0.0;
    for (int i = 0; i < phrases; i++) {
        score += idf[i] * (
            ( frequency[i] * (k1 + 1.0) ) /
            ( frequency[i] + k1 * (1 - b + b * length / averageLength) )
        );
    }
    return -1.0 * score;
}

/// Makes bm25_terms available to this connection's FTS5 tables.
static inline int csqlite_register_bm25_terms(sqlite3 *db) {
    fts5_api *api = 0;
    sqlite3_stmt *statement = 0;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, 0);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", 0);
    sqlite3_step(statement);
    rc = sqlite3_finalize(statement);
    if (rc != SQLITE_OK) return rc;
    if (!api || api->iVersion < 2) return SQLITE_ERROR;
    return api->xCreateFunction(api, "bm25_terms", 0, csqlite_bm25_terms, 0);
}
#endif
