#include "import/internal/importer.h"

#include "common/text.h"

#include <set>

namespace ys::importer {
namespace {

// The dict that `text` (a `**` or `overrides=` argument's value) names: the last `text = dict(...)` or
// `text = {...}` before chain `before`, or the inline `dict(...)` itself.
const PyChain* dictFor(const std::vector<PyChain>& chains, const std::string& text, size_t before)
{
    const PyChain* found = nullptr;
    for (size_t i = 0; i < chains.size(); ++i) {
        const PyChain& c = chains[i];
        if (c.links.size() != 2 || c.links[0].name != "dict" || !c.links[1].call)
            continue;
        if ((i < before && c.assignedTo == text) || (c.assignedTo.empty() && c.text == text))
            found = &c;
    }
    return found;
}

// The error for code with no `.train(...)` call, with the other calls on a model it has.
Error noTrainingCall(const std::vector<PyChain>& chains)
{
    std::vector<std::string> found;
    static const std::set<std::string> modes = {"val", "predict", "export", "track", "benchmark", "tune"};
    for (const PyChain& c : chains)
        for (size_t i = 1; i + 1 < c.links.size(); ++i)
            if (modes.count(c.links[i].name) && c.links[i + 1].call)
                found.push_back(c.text);
    return Error{"import.not_training",
                 "no training call in the Python code (" +
                     (found.empty() ? std::string("found no model.train(...)") : "found '" + join(found, "', '") + "'") +
                     "): expected model.train(data=..., epochs=...)",
                 {}, 0, 0};
}

}  // namespace

bool isTrainCall(const PyChain& c, size_t& at)
{
    for (size_t i = 1; i + 1 < c.links.size(); ++i) {
        if (c.links[i].name == "train" && c.links[i + 1].call) {
            at = i;
            return true;
        }
    }
    return false;
}

void Importer::pythonArguments(const std::vector<PyArgument>& args, const std::vector<PyChain>& chains, size_t before,
                               std::vector<std::pair<std::string, std::string>>& words, int depth)
{
    for (const PyArgument& a : args) {
        if (a.name == "**") {
            const PyChain* dict = depth < 4 ? dictFor(chains, trim(a.text.substr(2)), before) : nullptr;
            if (dict)
                pythonArguments(dict->links[1].args, chains, before, words, depth + 1);
            else
                skip(a.text, "import.python_expression", {a.text});
        } else if (a.name.empty()) {
            skip(a.text, "import.positional", {a.text});
        } else if (a.name == "*" || !a.literal) {
            skip(a.text, "import.python_expression", {a.text});
        } else {
            words.emplace_back(a.name + "=" + *a.literal, a.text);
        }
    }
}

void Importer::pythonModel(const std::vector<PyLink>& receiver, const std::string& receiverText,
                           const std::vector<PyChain>& chains, size_t train,
                           std::vector<std::pair<std::string, std::string>>& words)
{
    // YOLO("yolov8n.pt") / YOLO(model="x.yaml", task="detect") / .load("x.pt") as model= and pretrained=;
    // DetectionTrainer(overrides=args) with its dict as keyword arguments.
    size_t firstCall = 0;
    while (firstCall < receiver.size() && !receiver[firstCall].call)
        ++firstCall;
    const std::string cls = firstCall > 0 && firstCall < receiver.size() ? receiver[firstCall - 1].name : std::string();
    if (firstCall >= receiver.size()) {
        skip(receiverText, "import.python_model_unknown", {receiverText});
    } else if (cls == "DetectionTrainer") {
        for (const PyArgument& a : receiver[firstCall].args) {
            const std::string value = trim(a.text.substr(a.text.find('=') + 1));
            const PyChain* dict = a.name == "overrides" ? dictFor(chains, value, train) : nullptr;
            if (dict)
                pythonArguments(dict->links[1].args, chains, train, words);
            else if (a.name == "cfg" && a.literal)
                words.emplace_back("cfg=" + *a.literal, a.text);
            else
                skip(a.text, "import.python_expression", {a.text});
        }
    } else if (endsWith(cls, "Trainer")) {
        skip(receiverText, "import.task", {receiverText});
    } else if (cls != "YOLO") {
        skip(receiverText, "import.python_model_class", {receiverText, cls});
    } else {
        const PyLink& made = receiver[firstCall];
        for (size_t k = 0; k < made.args.size(); ++k) {
            const PyArgument& a = made.args[k];
            const std::string key = a.name.empty() ? (k == 0 ? "model" : "") : a.name;
            if (key.empty() || key == "*" || key == "**" || !a.literal) {
                skip(a.text, "import.python_expression", {a.text});
                continue;
            }
            if (key == "model" || key == "task")
                words.emplace_back(key + "=" + *a.literal, cls + "(" + a.text + ")");
            // verbose= prints; nothing to carry over.
        }
        for (size_t k = firstCall + 1; k < receiver.size(); ++k) {
            if (receiver[k].call)
                continue;
            const bool calls = k + 1 < receiver.size() && receiver[k + 1].call;
            const std::string text = "." + receiver[k].name + (calls ? "(...)" : "");
            if (receiver[k].name == "load" && calls && !receiver[k + 1].args.empty() &&
                receiver[k + 1].args.front().literal) {
                const PyArgument& w = receiver[k + 1].args.front();
                words.emplace_back("pretrained=" + *w.literal, ".load(" + w.text + ")");
            } else {
                skip(text, "import.python_call", {text});
            }
        }
    }
}

Expected<CommandImport> Importer::runPython(const std::vector<PyChain>& chains)
{
    size_t train = chains.size(), at = 0;
    for (size_t i = 0; i < chains.size() && train == chains.size(); ++i)
        if (isTrainCall(chains[i], at))
            train = i;
    if (train == chains.size())
        return noTrainingCall(chains);
    const PyChain& call = chains[train];
    r_.style = CommandImport::Style::Python;
    r_.dialect = "Ultralytics";

    // The model: the chain before .train, or what its name was last assigned before this line.
    std::vector<PyLink> receiver(call.links.begin(), call.links.begin() + static_cast<long>(at));
    std::string receiverText = receiver.size() == 1 ? receiver.front().name : std::string();
    std::vector<std::string> command;
    r_.program = (receiver.size() == 1 ? receiver.front().name : std::string("YOLO(...)")) + ".train()";
    if (receiver.size() == 1) {
        const PyChain* made = nullptr;
        for (size_t i = 0; i < train; ++i)
            if (chains[i].assignedTo == receiver.front().name)
                made = &chains[i];
        if (made) {
            receiver = made->links;
            receiverText = made->text;
            command.push_back(made->assignedTo + " = " + made->text);
        }
    } else {
        // YOLO("x.pt").train(...): the model is the text before ".train".
        std::string text = call.text;
        const auto dot = text.rfind(".train");
        receiverText = dot == std::string::npos ? text : text.substr(0, dot);
    }
    command.push_back((call.assignedTo.empty() ? "" : call.assignedTo + " = ") + call.text);
    r_.command = join(command, "; ");

    std::vector<std::pair<std::string, std::string>> words;
    pythonModel(receiver, receiverText, chains, train, words);
    pythonArguments(call.links[at + 1].args, chains, train, words);
    readUltralyticsWords(words, false);
    applyAll();
    return std::move(r_);
}

}  // namespace ys::importer
