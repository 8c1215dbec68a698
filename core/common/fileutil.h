#pragma once
// File helpers shared by core areas. Run files are written atomically: a temp file in the same folder,
// flushed to disk, then renamed over the target, so a killed process leaves the old or the new file.

#include "common/error.h"

#include <optional>
#include <string>

namespace ys {

// Writes `content` to `path` atomically; creates missing parent folders. Error names the path.
std::optional<Error> writeFileAtomic(const std::string& path, const std::string& content);

// Renames `tmpPath` over `path` after syncing it (for files written by other writers, e.g. torch::save).
std::optional<Error> commitFileAtomic(const std::string& tmpPath, const std::string& path);

// A temporary name next to `path` for an atomic write: "<path>.tmp<pid>_<n>", unique in this process.
std::string tempPathFor(const std::string& path);

// Removes the temporary files (tempPathFor's names) in `dir` left by processes that no longer run, e.g. a
// training run killed while writing a checkpoint. Not recursive. Returns how many were removed.
int removeStaleTempFiles(const std::string& dir);

// Reads a whole file; Error when it cannot be opened.
Expected<std::string> readFile(const std::string& path);

// When `path` was last written: seconds since the Unix epoch; nullopt when it does not exist.
std::optional<double> modifiedTime(const std::string& path);

}  // namespace ys
