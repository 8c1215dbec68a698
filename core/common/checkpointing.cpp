#include "common/checkpointing.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

namespace ys {
namespace {

constexpr int kMaxLayer = 999;   // as freeze=: a model has far fewer layers (YOLOv9e: 42)

std::string normalised(const std::string& text)
{
    std::string s;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c)))
            s += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front())
        s = s.substr(1, s.size() - 2);
    return s;
}

}  // namespace

std::string CheckpointSetting::text() const
{
    switch (mode) {
    case Mode::Off: return "off";
    case Mode::Auto: return "auto";
    case Mode::Backbone: return "backbone";
    case Mode::All: return "all";
    case Mode::Layers: break;
    }
    std::string s = "[";
    for (size_t i = 0; i < layers.size(); ++i)
        s += (i ? ", " : "") + std::to_string(layers[i]);
    return s + "]";
}

std::optional<CheckpointSetting> parseCheckpointSetting(const std::string& text)
{
    const std::string s = normalised(text);
    CheckpointSetting c;
    if (s.empty() || s == "off" || s == "none" || s == "null" || s == "false" || s == "[]")
        return c;
    if (s == "auto") {
        c.mode = CheckpointSetting::Mode::Auto;
        return c;
    }
    if (s == "backbone") {
        c.mode = CheckpointSetting::Mode::Backbone;
        return c;
    }
    if (s == "all" || s == "true" || s == "on") {
        c.mode = CheckpointSetting::Mode::All;
        return c;
    }
    std::string body = s;
    if (body.size() >= 2 && ((body.front() == '[' && body.back() == ']') || (body.front() == '(' && body.back() == ')')))
        body = body.substr(1, body.size() - 2);
    std::stringstream items(body);
    for (std::string item; std::getline(items, item, ',');) {
        if (item.empty() || !std::all_of(item.begin(), item.end(), [](unsigned char ch) { return std::isdigit(ch); }) ||
            item.size() > 3)
            return std::nullopt;
        const int layer = std::stoi(item);
        if (layer > kMaxLayer)
            return std::nullopt;
        c.layers.push_back(layer);
    }
    if (c.layers.empty())
        return std::nullopt;
    std::sort(c.layers.begin(), c.layers.end());
    c.layers.erase(std::unique(c.layers.begin(), c.layers.end()), c.layers.end());
    c.mode = CheckpointSetting::Mode::Layers;
    return c;
}

}  // namespace ys
