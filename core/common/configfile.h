#pragma once
// A settings file as users have them: an Ultralytics `args.yaml`, a `hyp.yaml`, YOLOv9's
// `hyp.scratch-high.yaml`, or one the studio saved. Loading fills a TrainConfig and keeps everything else the
// file holds — keys this studio does not use (with their values, in their order), comments, and the file's
// own spelling of values that did not change — so that saving it again loses nothing. Plain C++ (yaml-cpp),
// shared by the CLI (`cfg=`) and the GUI's Load… / Save…. Not thread-safe; copy it between threads.

#include "common/config.h"
#include "common/error.h"

#include <optional>
#include <string>
#include <vector>

namespace ys {

// One top-level entry of the file that is not a YOLO Studio setting.
struct ConfigFileEntry {
    std::string key;
    std::string value;  // as written: the scalar's text, or a one-line flow form of a list or map
    int line = 0;       // 1-based line of the key
};

class ConfigFile final {
public:
    // An empty document: toYaml() writes only the keys that differ from the defaults.
    ConfigFile() = default;
    // A document holding every key of `config` in registry order (what a run's args.yaml holds).
    static ConfigFile fromConfig(const TrainConfig& config);

    // Parses YAML text; `source` names the file in errors. Keys the text does not set keep `base`'s values;
    // `key: null` means "not set": an empty path for keys whose default is empty (data, resume, vram), else
    // `base`'s value. Fails (with file, line and column) only when the text is not YAML or not a mapping;
    // each bad value is one of problems(), code "config.<key>", with its line, and leaves the key at base.
    static Expected<ConfigFile> parse(const std::string& text, const std::string& source,
                                      const TrainConfig& base = {});
    // Reads and parses `path` (errors: "config.unreadable", "yaml.syntax", "config.not_a_map").
    static Expected<ConfigFile> load(const std::string& path, const TrainConfig& base = {});

    const TrainConfig& config() const { return config_; }
    void setConfig(const TrainConfig& config) { config_ = config; }

    // Entries this studio does not use, in file order. They are written back unchanged by toYaml().
    const std::vector<ConfigFileEntry>& unknownKeys() const { return unknown_; }
    // Bad values, in file order (empty when every value could be used).
    const std::vector<Error>& problems() const { return problems_; }
    // YOLO Studio keys the document sets, in file order.
    std::vector<std::string> documentKeys() const;
    const std::string& source() const { return source_; }

    // The document with its YOLO Studio keys set to config()'s values, then the keys it lacks whose values
    // differ from the defaults (registry order). Lines whose value did not change, unknown keys and comments
    // are kept byte for byte, so a file loaded over the defaults and saved unchanged is identical. Loading
    // the result over the defaults gives config() back.
    std::string toYaml() const;
    // Writes toYaml() atomically. Error code "config.write" with the path on failure.
    std::optional<Error> save(const std::string& path) const;

private:
    struct KeyPlace {
        std::string key;
        int line = 0;          // 0-based line of the key in text_
        int valueColumn = -1;  // 0-based column where the value starts on that line; -1: nothing written
        int valueEnd = -1;     // column just after the value (before spaces and a comment)
    };
    std::string rewrittenDocument() const;
    std::string emittedDocument() const;

    TrainConfig config_;
    std::string source_;
    std::string text_;             // the document as read (empty for a new one)
    bool lineEditable_ = true;     // block mapping with one-line values: rewrite lines in place
    std::vector<KeyPlace> places_; // YOLO Studio keys, file order
    std::vector<ConfigFileEntry> unknown_;
    std::vector<std::pair<std::string, bool>> order_;  // every top-level key in file order; true = known
    std::vector<Error> problems_;
};

}  // namespace ys
