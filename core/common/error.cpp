#include "common/error.h"

namespace ys {

std::string Error::toString() const
{
    std::string s;
    if (!file.empty()) {
        s += file;
        if (line > 0) {
            s += ':' + std::to_string(line);
            if (column > 0)
                s += ':' + std::to_string(column);
        }
        s += ": ";
    }
    s += message;
    return s;
}

}  // namespace ys
