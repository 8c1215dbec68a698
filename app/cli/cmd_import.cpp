// `yolostudio-cli import`: a training command users already have (YOLOv5/v7/v9 scripts, Ultralytics' yolo
// lines, Ultralytics' Python model.train(...) calls) as an args.yaml in the studio's key names (core/import/commandimport.h does the reading).
#include "cli/commands.h"

#include "import/commandimport.h"
#include "common/fileutil.h"
#include "model/model.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace ys::cli {
namespace {

constexpr const char* kImportHelp =
    "usage: yolostudio-cli import \"COMMAND\" [out=args.yaml] [dir=FOLDER]\n"
    "       yolostudio-cli import file=FILE [out=args.yaml] [dir=FOLDER]\n"
    "\n"
    "Reads a training command you already have and writes the same settings in YOLO Studio's (Ultralytics')\n"
    "key names, as an args.yaml that 'yolostudio-cli train cfg=args.yaml' trains with. It reads:\n"
    "  - YOLOv5, YOLOv7 and YOLOv9 scripts: python train.py, train_dual.py, train_triple.py, segment/train.py\n"
    "    with their flags (--weights, --cfg, --data, --hyp, --epochs, --batch-size, --img, --device,\n"
    "    --workers, --optimizer, --close-mosaic, --cos-lr, --freeze, --cache, ...), also behind torchrun or\n"
    "    python -m torch.distributed.run;\n"
    "  - Ultralytics lines: yolo detect train data=... model=... epochs=... (yolo train, task=detect mode=train);\n"
    "  - Ultralytics' Python API: model = YOLO(\"yolov8n.pt\") and model.train(data=..., epochs=..., ...), as\n"
    "    code (a script or a notebook cell, from file=); literal values are read, nothing is run.\n"
    "The words are split as a POSIX shell splits them (quotes, backslashes, line continuations); nothing is\n"
    "run. A --hyp file is read when it is found (in the folder, beside the script or in its data/hyps/);\n"
    "--cfg models/detect/yolov9-s.yaml becomes model: yolov9s.yaml; a .pt in --weights becomes the model\n"
    "(fine-tuning) unless --cfg names the architecture, which then wins as it does in the scripts. Every value\n"
    "is listed with the flag it came from, and what cannot be carried over with the reason: Ultralytics 8.4's\n"
    "amp=bf16, fraction=[train, val], device=-1 map to settings; nms, compile, channels_last, multi_scale,\n"
    "cls_pw, cls_remap, quantize and distill_model, which have none here, are listed with what they did there.\n"
    "\n"
    "  COMMAND       the command, quoted as one argument (or its words after 'import')\n"
    "  file=FILE     read the command or the Python code from FILE instead ('-': standard input)\n"
    "  out=FILE      write the settings to FILE and list them; without out= the settings are printed\n"
    "                (YAML with the sources and what was left out as comments)\n"
    "  dir=FOLDER    the folder the command ran in: its relative paths are looked up there and written as\n"
    "                absolute paths (default: the current folder, paths kept as written; a leading\n"
    "                'cd DIR &&' in the command does the same)\n"
    "\n"
    "Example:\n"
    "  yolostudio-cli import \"python train_dual.py --workers 8 --device 0 --batch 32 --data data.yaml \\\n"
    "      --img 640 --cfg models/detect/yolov9-s.yaml --weights '' --hyp hyp.scratch-high.yaml \\\n"
    "      --epochs 20 --close-mosaic 15\" out=args.yaml\n"
    "  yolostudio-cli import file=train_coco.py out=args.yaml   (a script with model.train(...))\n"
    "  yolostudio-cli fit cfg=args.yaml        (the batch and image size that fit this machine)\n"
    "  yolostudio-cli train cfg=args.yaml\n"
    "\n"
    "Exit status: 0 when the command was read (whatever could not be carried over), 2 when it is no training\n"
    "command, cannot be split (a quote not closed) or FILE cannot be written; the reason is on stderr.\n";

// The CLI's own arguments among the words after `import`.
bool isOwnArgument(const std::string& word)
{
    return word.rfind("out=", 0) == 0 || word.rfind("dir=", 0) == 0 || word.rfind("file=", 0) == 0;
}

// Rows of "key  value  source", keys that one file or default sets in bulk (a hyp file's 23) on one line
// per source after them.
void printMapped(const CommandImport& r)
{
    std::map<std::string, int> perSource;
    for (const ImportedSetting& s : r.mapped)
        ++perSource[s.source];
    constexpr int kBulk = 4;  // a source that sets more keys than this is listed as one line
    std::vector<const ImportedSetting*> ordered;
    for (const ConfigKey& k : configKeys())
        for (const ImportedSetting& s : r.mapped)
            if (s.key == k.name)
                ordered.push_back(&s);
    for (const ImportedSetting* s : ordered) {
        if (perSource[s->source] > kBulk)
            continue;
        std::printf("  %-14s %-16s %s\n", s->key.c_str(), s->value.c_str(), s->source.c_str());
        for (const ImportNote& n : s->notes)
            std::printf("  %-14s %-16s note: %s\n", "", "", importNoteText(n).c_str());
    }
    std::vector<std::string> bulkSources;
    for (const ImportedSetting* s : ordered)
        if (perSource[s->source] > kBulk &&
            std::find(bulkSources.begin(), bulkSources.end(), s->source) == bulkSources.end())
            bulkSources.push_back(s->source);
    for (const std::string& source : bulkSources) {
        std::string line;
        std::vector<std::string> notes;
        for (const ImportedSetting* s : ordered) {
            if (s->source != source)
                continue;
            line += (line.empty() ? "" : ", ") + s->key + " " + s->value;
            for (const ImportNote& n : s->notes) {
                const std::string text = importNoteText(n);
                if (std::find(notes.begin(), notes.end(), text) == notes.end())
                    notes.push_back(text);
            }
        }
        std::printf("  from %s (%d settings): %s\n", source.c_str(), perSource[source], line.c_str());
        for (const std::string& n : notes)
            std::printf("    note: %s\n", n.c_str());
    }
}

}  // namespace

int cmdImport(const Args& args)
{
    // The command's own words may look like anything (key=value, --flag value): only --help is checked.
    if (args.help) {
        std::fputs(kImportHelp, stdout);
        return kExitOk;
    }
    std::vector<std::string> words;
    for (const std::string& w : args.words)
        if (!isOwnArgument(w))
            words.push_back(w);
    const std::string file = args.str("file");
    if (!file.empty() && !words.empty()) {
        std::fprintf(stderr, "error: give the command or file=%s, not both\n", file.c_str());
        return kExitUsage;
    }
    if (words.empty() && file.empty()) {
        std::fprintf(stderr, "error: no command given: yolostudio-cli import \"python train.py --data data.yaml ...\" "
                             "or file=FILE\n");
        return kExitUsage;
    }
    std::string text;
    if (file == "-") {
        text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    } else if (!file.empty()) {
        auto read = readFile(file);
        if (!read)
            return reportError(read.error());
        text = std::move(read.value());
    }
    CommandImportOptions options;
    options.workingDir = args.str("dir");
    for (const BuiltinModel& m : builtinModels())
        options.builtinModels.push_back(m.file);
    // One word is the command as pasted (split here); several are words a shell already split.
    auto result = !file.empty()          ? importCommand(text, options)
                  : words.size() == 1 ? importCommand(words.front(), options)
                                      : importCommand(words, options);
    if (!result && !file.empty() && file != "-" && result.error().file.empty())
        result = Error{result.error().code, result.error().message, file, result.error().line, result.error().column};
    if (!result)
        return reportError(result.error());
    const CommandImport& r = *result;
    const std::string yaml = r.toYaml();
    const std::string out = args.str("out");
    if (out.empty()) {
        std::fputs(yaml.c_str(), stdout);
        return kExitOk;
    }
    if (auto err = writeFileAtomic(out, yaml))
        return reportError(*err);
    std::printf("Read the %s command (%s): %zu settings, %zu not imported.\n", r.dialect.c_str(), r.program.c_str(),
                r.mapped.size(), r.skipped.size());
    printMapped(r);
    if (!r.skipped.empty()) {
        std::printf("Not imported:\n");
        for (const SkippedItem& s : r.skipped)
            std::printf("  %s\n", importNoteText(s.reason).c_str());
    }
    if (!r.notes.empty()) {
        std::printf("Notes:\n");
        for (const ImportNote& n : r.notes)
            std::printf("  %s\n", importNoteText(n).c_str());
    }
    std::printf("Settings written to %s; train with: yolostudio-cli train cfg=%s%s\n", out.c_str(), out.c_str(),
                r.config.data.empty() ? " data=PATH" : "");
    return kExitOk;
}

}  // namespace ys::cli
