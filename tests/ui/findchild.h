#pragma once
// Tests reach a page's or dialog's parts by object name, as a user reaches them by what they show, instead
// of through getters in the widgets' public headers. A missing child stops the test with its name.

#include <QObject>
#include <QString>
#include <QtGlobal>

namespace ys::test {

template <typename T>
T* child(const QObject* parent, const char* name)
{
    T* found = parent ? parent->findChild<T*>(QString::fromLatin1(name)) : nullptr;
    if (!found)
        qFatal("no child named \"%s\" of the expected type under %s", name,
               parent ? qPrintable(parent->objectName()) : "(null)");
    return found;
}

template <typename T>
T* child(const QObject& parent, const char* name)
{
    return child<T>(&parent, name);
}

}  // namespace ys::test
