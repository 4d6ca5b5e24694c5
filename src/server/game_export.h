#pragma once

#include <filesystem>

#include "server/store.h"

namespace allegra::server {

// What export_games() did.
struct ExportResult {
  int written = 0;    // new files
  int unchanged = 0;  // files that were there already, identical
};

// Writes every finished game of `store` into `dir` (created if missing) as `<id>.jsonl`, a JSON
// lines file of one game record (docs/record-format.md), readable by `allegra replay`.
//
// Why files: they outlive the server's database and are what the other tools read. Each record
// is read back and written again by the engine's own reader and writer (record_from_line,
// record_to_line), so a file is a valid record or is not written at all. Running the export
// again is harmless: a file that is already there with the same text is left alone; a different
// file of the same name is never overwritten (StoreError naming it). A file is written under a
// temporary name and renamed, so a stopped export leaves no half file. Throws StoreError for a
// record the store holds that is not valid, a game id that is not a plain file name, or a folder
// that cannot be written; the games before it are written.
ExportResult export_games(Store& store, const std::filesystem::path& dir);

}  // namespace allegra::server
