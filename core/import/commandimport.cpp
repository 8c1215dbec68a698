#include "import/commandimport.h"

#include "common/device.h"
#include "common/stages.h"
#include "common/text.h"
#include "import/internal/importer.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <regex>
#include <set>

namespace ys::importer {
namespace {

// The words from `from` on, each shellQuote()d, joined by spaces.
std::string quotedFrom(const std::vector<std::string>& words, size_t from)
{
    std::string out;
    for (size_t i = from; i < words.size(); ++i)
        out += (i > from ? " " : "") + shellQuote(words[i]);
    return out;
}

bool isEnvAssignment(const std::string& w)
{
    static const std::regex env("^[A-Za-z_][A-Za-z0-9_]*=.*");
    return std::regex_match(w, env);
}

bool isPython(const std::string& program)
{
    static const std::regex python(R"(^(python[0-9.]*|py)(\.exe)?$)", std::regex::icase);
    return std::regex_match(fileNameOf(program), python);
}

// The index of the program in a command's words (w.size() when there is none): after a prompt or a notebook's
// shell escape (its "!" taken off `w`), environment assignments (into `env`) and wrappers (nohup, nice -n N, ...).
size_t programIndex(std::vector<std::string>& w, std::vector<std::string>& env)
{
    size_t i = 0;
    // A prompt or a notebook's shell escape before the command: "$ python ...", "!python ...".
    if (i < w.size() && (w[i] == "$" || w[i] == "!" || w[i] == "%"))
        ++i;
    if (i < w.size() && (startsWith(w[i], "!") || startsWith(w[i], "%")) && w[i].size() > 1)
        w[i] = w[i].substr(1);
    for (; i < w.size(); ++i) {
        if (isEnvAssignment(w[i]))
            env.push_back(w[i]);
        else if (w[i] == "nice" && i + 2 < w.size() && w[i + 1] == "-n")
            i += 2;
        else if (w[i] != "nohup" && w[i] != "time" && w[i] != "exec" && w[i] != "sudo" && w[i] != "env" &&
                 w[i] != "nice")
            break;
    }
    return i;
}

}  // namespace

std::vector<Segment> Importer::segments(const std::vector<ShellWord>& words) const
{
    std::vector<Segment> out(1);
    for (size_t i = 0; i < words.size(); ++i) {
        const ShellWord& w = words[i];
        if (!w.op) {
            out.back().words.push_back(w.text);
            continue;
        }
        const bool redirect = w.text.find_first_of("<>") != std::string::npos;
        if (redirect) {
            std::string text = w.text;
            // "> file", "2> file"; "2>&1" and ">&2" name no file.
            if (text.back() != '&' && !std::isdigit(static_cast<unsigned char>(text.back())) && text.back() != '-' &&
                i + 1 < words.size() && !words[i + 1].op)
                text += " " + shellQuote(words[++i].text);
            out.back().redirects.push_back(text);
            continue;
        }
        out.back().endOp = w.text;
        out.emplace_back();
    }
    while (!out.empty() && out.back().words.empty() && out.back().redirects.empty())
        out.pop_back();
    return out;
}

Expected<CommandImport> Importer::run(std::vector<ShellWord> words)
{
    std::vector<Segment> segs = segments(words);
    size_t index = 0;
    std::vector<std::string> cmd;
    if (segs.empty())
        return Error{"import.empty", "no command given: paste a training command such as python train.py --data "
                                     "data.yaml --epochs 100, or yolo detect train data=data.yaml",
                     {}, 0, 0};
    if (auto err = findTraining(segs, index, cmd))
        return *err;

    if (r_.style == CommandImport::Style::TrainScript) {
        readScript(cmd);
        r_.dialect = dialect();
        applyHyp();
        applyModel();
        applyScriptDefaults();
    } else {
        readUltralytics(cmd);
    }
    applyAll();

    // What follows the training command, and its own redirections, are not part of it.
    std::vector<std::string> rest = segs[index].redirects;
    for (size_t i = index; i < segs.size(); ++i) {
        if (i > index) {
            for (const std::string& w : segs[i].words)
                rest.push_back(shellQuote(w));
            rest.insert(rest.end(), segs[i].redirects.begin(), segs[i].redirects.end());
        }
        const std::string& op = segs[i].endOp;
        if (!op.empty() && op != "\n")
            rest.push_back(op);
        else if (op == "\n" && i + 1 < segs.size())
            rest.push_back(";");
    }
    auto separator = [](const std::string& w) { return w == ";" || w == "&&" || w == "||"; };
    while (!rest.empty() && separator(rest.back()))
        rest.pop_back();
    while (!rest.empty() && separator(rest.front()))
        rest.erase(rest.begin());
    if (!rest.empty())
        skip(join(rest, " "), "import.shell_rest");
    return std::move(r_);
}

size_t Importer::launcherOptions(const std::vector<std::string>& w, size_t k)
{
    // torchrun's (and torch.distributed.run's) own options up to the script; flags without a value.
    static const std::set<std::string> flags = {"--standalone", "--use-env", "--no-python", "--module", "-m"};
    int nproc = 1, nnodes = 1;
    while (k < w.size() && startsWith(w[k], "-")) {
        std::string name = w[k], value;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        } else if (!flags.count(optionKey(name)) && k + 1 < w.size()) {
            value = w[++k];
        }
        if (optionKey(name) == "--nproc-per-node") {
            nproc = std::max(1, std::atoi(value.c_str()));
            nprocSource_ = w[k].find('=') == std::string::npos ? w[k - 1] + " " + value : w[k];
        }
        else if (optionKey(name) == "--nnodes")
            nnodes = std::max(1, std::atoi(value.substr(value.rfind(':') == std::string::npos ? 0 : value.rfind(':') + 1).c_str()));
        ++k;
    }
    processes_ = nproc * nnodes;
    nprocPerNode_ = nproc;
    nnodes_ = nnodes;
    return k;
}

std::optional<Error> Importer::findTraining(std::vector<Segment>& segs, size_t& index, std::vector<std::string>& cmd)
{
    std::vector<std::string> others;
    for (size_t s = 0; s < segs.size(); ++s) {
        std::vector<std::string> w = segs[s].words;
        std::vector<std::string> env;
        const size_t i = programIndex(w, env);
        if (i >= w.size())
            continue;
        const std::string program = w[i];
        if (program == "cd" && i + 1 < w.size()) {
            base_ = resolveFrom(base_, w[i + 1]);
            absolutePaths_ = true;
            continue;
        }
        bool ultralytics = false;
        const size_t script = scriptIndex(w, i, ultralytics);

        size_t argsFrom = 0;  // the command's own arguments start here
        if (ultralytics) {
            if (!ultralyticsTrains(w, i)) {
                others.push_back(quotedFrom(w, i));
                continue;
            }
            r_.style = CommandImport::Style::Ultralytics;
            r_.program = "yolo";
            r_.dialect = "Ultralytics";
            argsFrom = i + 1;
        } else if (script < w.size() && endsWith(lower(w[script]), ".py") &&
                   lower(fileNameOf(w[script])).find("train") != std::string::npos) {
            startScript(w[script]);
            argsFrom = script + 1;
        } else {
            others.push_back(quotedFrom(w, i));
            continue;
        }

        for (const std::string& e : env) {
            if (startsWith(e, "CUDA_VISIBLE_DEVICES=")) {
                visibleDevices_ = e.substr(e.find('=') + 1);
                visibleSet_ = true;
            } else {
                skip(e, "import.environment");
            }
        }
        for (const std::string& o : others)
            skip(o, "import.other_command");

        cmd.assign(w.begin() + static_cast<long>(argsFrom), w.end());
        index = s;
        joinContinuations(segs, index, cmd);
        std::vector<std::string> quoted;
        for (size_t k = i; k < argsFrom; ++k)
            quoted.push_back(shellQuote(w[k]));
        for (const std::string& c : cmd)
            quoted.push_back(shellQuote(c));
        r_.command = join(quoted, " ");
        return std::nullopt;
    }
    const std::string found = others.empty() ? std::string("no command") : "found '" + join(others, "', '") + "'";
    return Error{"import.not_training",
                 "no training command (" + found +
                     "): expected python train.py ..., torchrun ... train_dual.py ... or yolo detect train ...",
                 {}, 0, 0};
}

size_t Importer::scriptIndex(const std::vector<std::string>& w, size_t i, bool& ultralytics)
{
    const std::string& program = w[i];
    size_t script = w.size();  // index of the .py script, when there is one
    ultralytics = false;
    if (isPython(program)) {
        // Interpreter options, then the script or `-m torch.distributed.run|launch` with its options.
        size_t j = i + 1;
        while (j < w.size() && startsWith(w[j], "-") && w[j] != "-m")
            j += (w[j] == "-W" || w[j] == "-X") ? 2 : 1;
        if (j + 1 < w.size() && w[j] == "-m") {
            if (w[j + 1] == "torch.distributed.run" || w[j + 1] == "torch.distributed.launch")
                script = launcherOptions(w, j + 2);
        } else {
            script = j;
        }
    } else if (lower(fs::path(program).stem().string()) == "torchrun") {
        script = launcherOptions(w, i + 1);
    } else if (endsWith(lower(program), ".py")) {
        script = i;
    } else if (fs::path(program).stem().string() == "yolo" ||
               (endsWith(lower(program), ".exe") && lower(fs::path(program).stem().string()) == "yolo")) {
        // The executable is `yolo` (`yolo.exe` on Windows, any case there); Python's YOLO is the class.
        ultralytics = true;
    }
    return script;
}

void Importer::startScript(const std::string& script)
{
    r_.style = CommandImport::Style::TrainScript;
    scriptDir_ = resolveFrom(base_, script).parent_path();
    // "segment/train.py" names its task; "train_dual.py" is enough for the others.
    const fs::path rel(script);
    const std::string parent = rel.parent_path().filename().string();
    const bool taskFolder = parent == "segment" || parent == "classify" || parent == "detect";
    r_.program = taskFolder ? parent + "/" + rel.filename().string() : rel.filename().string();
    if (parent == "segment" || parent == "classify")
        skip(script, "import.task");
}

void Importer::joinContinuations(std::vector<Segment>& segs, size_t index, std::vector<std::string>& cmd)
{
    auto continues = [&](const Segment& next) {
        if (next.words.empty())
            return false;
        const std::string& first = next.words.front();
        if (r_.style == CommandImport::Style::TrainScript)
            return startsWith(asciiDashes(first), "-");
        const std::string key = lower(first.substr(0, first.find('=')));
        return startsWith(first, "-") ||
               (first.find('=') != std::string::npos &&
                (findConfigKey(key) || isUltralyticsKey(key)));
    };
    while (segs[index].endOp == "\n" && index + 1 < segs.size() && continues(segs[index + 1])) {
        Segment& next = segs[index + 1];
        cmd.insert(cmd.end(), next.words.begin(), next.words.end());
        segs[index].redirects.insert(segs[index].redirects.end(), next.redirects.begin(), next.redirects.end());
        segs[index].endOp = next.endOp;
        segs.erase(segs.begin() + static_cast<long>(index) + 1);
        linesJoined_ = true;
    }
}

// ---- applying -----------------------------------------------------------------------------------------------------

void Importer::assign(const std::string& key, const std::string& value, const std::string& source,
                      std::vector<ImportNote> notes)
{
    assigns_.push_back({key, value, source, std::move(notes)});
}

bool Importer::set(const Assign& a)
{
    if (auto p = r_.config.trySet(a.key, a.value)) {
        r_.skipped.push_back({a.source, {"import.bad_value", {a.source, p->toError().message}}, *p});
        return false;
    }
    auto it = std::find_if(r_.mapped.begin(), r_.mapped.end(), [&](const ImportedSetting& s) { return s.key == a.key; });
    if (it != r_.mapped.end()) {
        // A word given twice is worth a line (argparse and Ultralytics take the last); a file's value that a
        // word overrides is what the user meant.
        if (!quiet_.count(a.key)) {
            const std::string earlier = it->source + " (" + a.key + " " + it->value + ")";
            r_.skipped.push_back({earlier, {"import.overridden", {earlier, a.source}}, std::nullopt});
        }
        r_.mapped.erase(it);
    }
    if (a.quiet)
        quiet_.insert(a.key);
    else
        quiet_.erase(a.key);
    r_.mapped.push_back({a.key, *r_.config.get(a.key), a.source, a.notes});
    return true;
}

void Importer::applyAll()
{
    for (Assign& a : fileAssigns_) {
        a.quiet = true;
        set(a);
    }
    // torchrun's processes without --device: the scripts give local rank N the GPU N.
    if (nprocPerNode_ > 1 && !given_.count("device")) {
        std::vector<std::string> devices;
        for (int i = 0; i < nprocPerNode_; ++i)
            devices.push_back(std::to_string(i));
        const std::string list = join(devices, ",");
        assign("device", list, nprocSource_, {ImportNote{"import.device_nproc", {nprocSource_, list}}});
    }
    for (const Assign& a : assigns_)
        set(a);
    clearBaseStages();
    validateMapped();
    wholeCommandNotes();
}

void Importer::clearBaseStages()
{
    // Stages set imgsz, batch and epochs per stage, and their epochs must add up to `epochs`: left in the
    // setup, they would override the command's values (and a command's epochs used to be dropped for not
    // adding up). The command describes its run whole, so it wins.
    if (opt_.base.stages.empty())
        return;
    const auto sets = [&](const char* key) {
        return std::find_if(r_.mapped.begin(), r_.mapped.end(), [&](const ImportedSetting& s) { return s.key == key; });
    };
    if (sets("stages") != r_.mapped.end())
        return;
    auto by = r_.mapped.end();
    for (const char* key : {"epochs", "imgsz", "batch"})
        if (auto it = sets(key); it != r_.mapped.end() && (by == r_.mapped.end() || it < by))
            by = it;   // the first of them the command set, to name it
    if (by == r_.mapped.end())
        return;
    const std::string stages = formatStages(opt_.base.stages), source = by->source;
    r_.config.set("stages", "");
    const ImportNote note{"import.stages_cleared", {stages, source}};
    r_.mapped.push_back({"stages", *r_.config.get("stages"), source, {note}});
    r_.notes.push_back(note);
}

void Importer::skip(const std::string& item, const std::string& code, std::vector<std::string> args)
{
    if (args.empty())
        args.push_back(item);
    r_.skipped.push_back({item, {code, std::move(args)}, std::nullopt});
}

void Importer::validateMapped()
{
    // TrainConfig's own cross-key rules (device text, memory budget, imgsz a multiple of 32) for the keys the
    // command set; a value they reject goes back to the base's.
    for (const ConfigProblem& p : r_.config.problems()) {
        auto it = std::find_if(r_.mapped.begin(), r_.mapped.end(), [&](const ImportedSetting& s) { return s.key == p.key; });
        if (it == r_.mapped.end())
            continue;
        r_.skipped.push_back({it->source, {"import.bad_value", {it->source, p.toError().message}}, p});
        r_.config.set(p.key, *opt_.base.get(p.key));
        r_.mapped.erase(it);
    }
}

void Importer::wholeCommandNotes()
{
    if (nnodes_ > 1)
        r_.notes.push_back({"import.multi_node", {std::to_string(nnodes_)}});
    const int gpus = std::max(processes_, gpus_);
    for (ImportedSetting& s : r_.mapped)
        if (s.key == "sync_bn" && s.value == "true" && gpus <= 1)
            s.notes.push_back({"import.sync_bn_one_process", {}});
    if (gpus > 1 && r_.config.batch > 0) {
        const int perGpu = r_.config.batch / gpus;
        r_.notes.push_back({"import.batch_split", {std::to_string(gpus), std::to_string(r_.config.batch),
                                                   std::to_string(std::max(perGpu, 1))}});
    }
    if (linesJoined_)
        r_.notes.push_back({"import.lines_joined", {}});
    // The GPUs the command trains on that the machine it is imported for does not have.
    if (auto device = std::find_if(r_.mapped.begin(), r_.mapped.end(), [](const ImportedSetting& s) { return s.key == "device"; });
        device != r_.mapped.end() && !opt_.machineDevices.empty()) {
        std::vector<std::string> missing;
        if (auto specs = parseDevices(device->value))
            for (const DeviceSpec& d : *specs)
                if (d.cuda && std::find(opt_.machineDevices.begin(), opt_.machineDevices.end(), std::to_string(d.index)) ==
                                  opt_.machineDevices.end())
                    missing.push_back(std::to_string(d.index));
        if (!missing.empty())
            r_.notes.push_back({"import.device_missing", {device->source, join(missing, ", "), join(opt_.machineDevices, ", ")}});
    }
}

}  // namespace ys::importer

namespace ys {
namespace {

// Every note and reason of an import, in the order a reader meets them. {N} = argument N.
const std::vector<ImportNoteCode> kNoteCodes = {
    // Why something is not carried over (SkippedItem::reason).
    {"import.unknown_flag", "{0}: no YOLOv5, YOLOv7 or YOLOv9 training script has this option"},
    {"import.unknown_key", "{0}: not a setting of Ultralytics' trainer"},
    {"import.not_for_training", "{0}: a prediction, validation or export setting; training does not use it"},
    {"import.not_supported", "{0}: YOLO Studio has no such setting; the run trains without it"},
    {"import.no_effect", "{0}: does nothing at this value"},
    {"import.multi_gpu", "{0}: set by the launcher in each process; the studio's launcher sets it"},
    {"import.logging_only", "{0}: logging, plots or uploads only; nothing to carry over"},
    {"import.anchor_only", "{0}: concerns the anchors of YOLOv5/YOLOv7 heads; YOLO Studio's heads are anchor-free"},
    {"import.multi_scale", "{0}: trains at 0.5-1.5x the image size; YOLO Studio trains at one size, so the "
                           "original run needed more memory than its image size suggests"},
    {"import.missing_value", "{0}: needs a value"},
    {"import.positional", "{0}: a word that belongs to no option"},
    {"import.bad_value", "{0}: {1}"},
    {"import.overridden", "{0}: set again by {1}; the later value counts"},
    {"import.hyp_not_found", "{0}: file not found (looked in {1})"},
    {"import.hyp_unreadable", "{0}: {1}"},
    {"import.hyp_anchor_gain", "{0}: {1} is a gain of the anchor-based YOLOv5/YOLOv7 loss ({2} has no dfl), not "
                               "of YOLO Studio's loss; left as it was"},
    {"import.file_keys_unused", "{0}: settings of {1} that YOLO Studio does not use"},
    {"import.anchor_model", "{0}: {1} is an anchor-based YOLOv3/v5/v7 model; YOLO Studio builds YOLOv8, YOLO11, "
                            "YOLOv9 and YOLO26 (e.g. {2})"},
    {"import.model_not_found", "{0}: not a built-in model, and no such file was found (looked in {1})"},
    {"import.weights_with_cfg", "{0}: not used: {1} names the architecture, and a run starts either from a model "
                                "YAML (from scratch) or from a checkpoint (fine-tuning), not both; to fine-tune "
                                "from the checkpoint instead, set model to it"},
    {"import.resume_foreign", "{0}: a run of the YOLOv5, YOLOv7 or YOLOv9 repositories cannot be continued by "
                              "YOLO Studio"},
    {"import.task", "{0}: YOLO Studio trains detection models only"},
    {"import.device_auto", "{0}: means the first GPU if there is one, else the CPU; choose the device here"},
    {"import.environment", "{0}: an environment variable, not a setting"},
    {"import.shell_variable", "{0}: holds a shell variable, which is not expanded here"},
    {"import.other_command", "{0}: another command, not part of the training"},
    {"import.shell_rest", "{0}: not part of the training command"},
    {"import.python_expression", "{0}: a Python expression, not evaluated here; only literal values (numbers, "
                                 "strings, True, False, None, lists) are read"},
    {"import.python_model_class", "{0}: a {1} model; YOLO Studio builds YOLOv8, YOLO11, YOLOv9 and YOLO26 models, "
                                  "made with YOLO(...)"},
    {"import.python_model_unknown", "{0}: the pasted code does not make this model (model = YOLO(\"yolov8n.pt\")); "
                                    "the model setting stays as it was"},
    {"import.python_call", "{0}: a call on the model before training; it is not repeated here"},
    // Ultralytics 8.4's settings that YOLO Studio has no key for, each with what it did there.
    {"import.task_only", "{0}: a setting of Ultralytics' {1} models; YOLO Studio trains detection models, which do "
                         "not use it"},
    {"import.multi_scale_range", "{0}: Ultralytics trains each batch at a random size from {1} to {2} pixels (imgsz "
                                 "{3}); YOLO Studio trains at one size, so the original run needed more memory than "
                                 "its image size suggests"},
    {"import.nms_one_to_one", "each epoch validates YOLO26's one-to-one head without NMS and keeps best.pt by it, "
                              "as Ultralytics does; a model without that head validates with NMS"},
    {"import.compile", "{0}: torch.compile is PyTorch's Python compiler, which YOLO Studio (LibTorch, C++) does not "
                       "have; the run trains the same without it"},
    {"import.channels_last", "{0}: a memory layout, not a setting here: YOLO Studio lays the model out channels_last "
                             "on the CPU (faster there) and NCHW on a GPU; results do not depend on it"},
    {"import.fraction_count", "{0}: Ultralytics trains on the first {1} images; YOLO Studio's fraction is a share of "
                              "the training images (0-1]: set it to {1} divided by the training set's size"},
    {"import.fraction_val", "{0}: the validation and test parts of the list ({1}) are not carried over; YOLO Studio "
                            "validates on the whole validation split"},
    {"import.cls_pw", "{0}: Ultralytics weighs each class's loss by its inverse label count to the power {1}, so rare "
                      "classes count more; YOLO Studio weighs every class alike"},
    {"import.cls_remap", "{0}: when fine-tuning, Ultralytics moves a checkpoint's class rows to the dataset's classes "
                         "by name; YOLO Studio keeps them in the checkpoint's order when the class count matches and "
                         "starts them fresh when it differs"},
    {"import.cls_remap_off", "{0}: YOLO Studio never matches a checkpoint's classes by name; nothing to set"},
    {"import.qat", "{0}: quantization-aware training (INT8) is not in YOLO Studio; the run trains in floating point"},
    {"import.distill", "{0}: knowledge distillation (a teacher model, distill_model, and its loss weight dis) is not "
                       "in YOLO Studio; the run trains without a teacher"},
    {"import.split", "{0}: Ultralytics validates every epoch on this split; YOLO Studio validates on the dataset's "
                     "val split"},
    // How a value was carried over (ImportedSetting::notes).
    {"import.builtin_model", "{0} is the built-in model {1}"},
    {"import.yolov9_aux", "{0} trains with YOLOv9's auxiliary (PGI) branch; the built-in {1} is Ultralytics' "
                          "YOLOv9 without it: it needs less memory than the original run, and results may differ"},
    {"import.from_scratch", "trained from scratch (no --weights)"},
    {"import.fine_tune", "fine-tunes the weights of {0}"},
    {"import.model_stem", "{0}: Ultralytics reads a model name without an extension as {1}"},
    {"import.repository_model", "{0} is written for the YOLOv9 repository's own code (its DDetect head); YOLO "
                                "Studio reads Ultralytics' layout and may not build it (built in: yolov9t.yaml ... "
                                "yolov9e.yaml)"},
    {"import.repository_checkpoint", "{0} looks like a checkpoint of the YOLOv9 repository; YOLO Studio reads "
                                     "Ultralytics' and its own checkpoints (Ultralytics names them yolov9c.pt)"},
    {"import.not_found_here", "{0} was not found from {1}; the run needs it there"},
    {"import.script_default", "{0}'s own default: the command does not set it"},
    {"import.hyp_builtin", "{0} was not found here: YOLOv9's values of it (preset yolov9-scratch-high) are used"},
    {"import.imgsz_rounded", "{0} rounded up to {1}, a multiple of the largest stride (32), as the original "
                             "trainer does"},
    {"import.imgsz_larger_side", "{0}: a rectangle; training uses the larger side, {1}, as Ultralytics does"},
    {"import.imgsz_test_size", "the second size ({0}) is YOLOv7's test size; validation here uses the training "
                               "size"},
    {"import.device_list", "{0}: one training process per GPU ({1}), started by the studio (or torchrun)"},
    {"import.device_nproc", "{0}: one process per GPU, so device {1}"},
    {"import.sync_bn_one_process", "acts with several processes only; one process trains as without it, as in "
                                   "the original script"},
    {"import.device_visible", "CUDA_VISIBLE_DEVICES={0} makes device {1} the GPU {2}"},
    {"import.batch_fraction", "batch={0}: Ultralytics fits the batch to {0} of the GPU's memory; here batch -1 "
                              "fits it to the memory budget vram={0}"},
    {"import.cache_disk", "no disk cache here; decoded images are kept in RAM instead"},
    {"import.fixed_lr", "--fixed-lr keeps the learning rate at lr0: a linear schedule with lrf 1.0"},
    {"import.save_period_off", "{0}: below 1 means off"},
    {"import.amp_auto", "{0}: Ultralytics trains in fp16 on a GPU that passes its AMP check and in fp32 on a CPU; "
                        "auto here: fp16 on a GPU, bf16 on a CPU that has it natively (amp=off for fp32)"},
    {"import.device_idle", "{0}: Ultralytics takes the most idle GPU when the run starts; here {1}: choose another "
                           "device if it is busy"},
    // About the command as a whole (CommandImport::notes).
    {"import.batch_split", "batch {1} is the world batch: {0} processes take {2} images each, as in the command"},
    {"import.multi_node", "the command ran on {0} machines: start it on each with yolostudio-cli train nnodes={0} "
                          "node_rank=<the machine's index> master_addr=<the first machine>"},
    {"import.default_hyp_missing", "{0} reads its hyperparameters from {1} by default; the file was not found, so "
                                   "they keep their current values"},
    {"import.lines_joined", "lines that continue the command without a trailing backslash were joined to it"},
    {"import.stages_cleared", "the setup's stages ({0}) were cleared: the command's {1} counts, and its run is one "
                              "stage"},
    // Whole-command warnings (isImportWarning): the run would not train here as the command did.
    {"import.device_missing", "{0}: this machine has no GPU {1} (its devices: {2}); choose a device it has before "
                              "training"},
};

std::string commentText(std::string s)
{
    for (char& c : s)
        if (c == '\n' || c == '\r')
            c = ' ';
    return s;
}

}  // namespace

// ---- public -------------------------------------------------------------------------------------------------------

const std::vector<ImportNoteCode>& importNoteCodes()
{
    return kNoteCodes;
}

std::string importNoteText(const ImportNote& note)
{
    auto it = std::find_if(kNoteCodes.begin(), kNoteCodes.end(), [&](const ImportNoteCode& c) { return note.code == c.code; });
    return codedText(it == kNoteCodes.end() ? nullptr : it->text, note.code, note.args);
}

bool isImportWarning(const ImportNote& note)
{
    return note.code == "import.device_missing";
}

std::vector<std::pair<std::string, std::string>> CommandImport::values() const
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const ConfigKey& k : configKeys())
        for (const ImportedSetting& s : mapped)
            if (s.key == k.name)
                out.emplace_back(s.key, s.value);
    return out;
}

std::string CommandImport::toYaml() const
{
    std::string out = "# YOLO Studio settings imported from this " + dialect + " command (" + program + "):\n";
    out += "#   " + commentText(command) + "\n";
    out += "# Train with them: yolostudio-cli train cfg=THIS_FILE (settings not listed keep their defaults).\n";
    if (!notes.empty()) {
        out += "# Notes:\n";
        for (const ImportNote& n : notes)
            out += "#   " + commentText(importNoteText(n)) + "\n";
    }
    if (!skipped.empty()) {
        out += "# Not imported:\n";
        for (const SkippedItem& s : skipped)
            out += "#   " + commentText(importNoteText(s.reason)) + "\n";
    }
    for (const ConfigKey& k : configKeys()) {
        for (const ImportedSetting& s : mapped) {
            if (s.key != k.name)
                continue;
            for (const ImportNote& n : s.notes)
                out += "# " + s.key + ": " + commentText(importNoteText(n)) + "\n";
            out += s.key + ": " + config.yamlValue(s.key) + "  # " + commentText(s.source) + "\n";
        }
    }
    return out;
}

Expected<CommandImport> importCommand(const std::string& text, const CommandImportOptions& options)
{
    auto shell = [&]() -> Expected<CommandImport> {
        auto words = splitShellWords(text);
        if (!words)
            return words.error();
        return importer::Importer(options).run(std::move(words.value()));
    };
    if (!looksLikePython(text))
        return shell();
    // Python when it has a model.train(...) call; else a command line, and when that is no training
    // command either, what the Python reading says (a syntax error, or the calls it found instead).
    auto chains = readPythonChains(text);
    size_t at = 0;
    if (chains && std::any_of(chains->begin(), chains->end(), [&](const PyChain& c) { return importer::isTrainCall(c, at); }))
        return importer::Importer(options).runPython(chains.value());
    auto command = shell();
    if (command || (command.error().code != "import.not_training" && command.error().code != "import.quote"))
        return command;
    if (!chains)
        return chains.error();
    return importer::Importer(options).runPython(chains.value());
}

Expected<CommandImport> importCommand(const std::vector<std::string>& words, const CommandImportOptions& options)
{
    std::vector<ShellWord> shellWords;
    int offset = 0;
    for (const std::string& w : words) {
        shellWords.push_back({w, false, offset});
        offset += static_cast<int>(w.size()) + 1;
    }
    return importer::Importer(options).run(std::move(shellWords));
}

}  // namespace ys
