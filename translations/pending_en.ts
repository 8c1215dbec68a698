<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ys::ui::RunDetail</name>
    <message numerus="yes">
        <source>%n epoch(s)</source>
        <translation>
            <numerusform>%n epoch</numerusform>
            <numerusform>%n epochs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) reading its files: %1</source>
        <translation>
            <numerusform>%n problem reading its files: %1</numerusform>
            <numerusform>%n problems reading its files: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Events (%n warning(s))</source>
        <translation>
            <numerusform>Events (%n warning)</numerusform>
            <numerusform>Events (%n warnings)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::ui::RunFitView</name>
    <message numerus="yes">
        <source>%1: %n step(s) in %2</source>
        <translation>
            <numerusform>%1: %n step in %2</numerusform>
            <numerusform>%1: %n steps in %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::ui::RunListModel</name>
    <message numerus="yes">
        <source>%1 (and %n more)</source>
        <translation>
            <numerusform>%1 (and %n more)</numerusform>
            <numerusform>%1 (and %n more)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ys::ui::RunsPage</name>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n running</source>
        <translation>
            <numerusform>%n running</numerusform>
            <numerusform>%n running</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other folder(s)</source>
        <translation>
            <numerusform>%n other folder</numerusform>
            <numerusform>%n other folders</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Move %n run folder(s) to the trash? Its weights, curves and settings go with it.

%1</source>
        <translation>
            <numerusform>Move %n run folder to the trash? Its weights, curves and settings go with it.

%1</numerusform>
            <numerusform>Move %n run folders to the trash? Their weights, curves and settings go with them.

%1</numerusform>
        </translation>
    </message>
</context>
</TS>
