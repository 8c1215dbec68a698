#include "ui/common/pooljob.h"

namespace ys::ui {

ys::Error exceptionError(const char* what)
{
    ys::Error e;
    e.code = "internal.exception";
    e.message = what ? ys::withoutBacktrace(what) : std::string("unknown exception");
    return e;
}

}  // namespace ys::ui
