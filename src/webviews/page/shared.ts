/**
 * The host's pure code the pages run too (no vscode, no Node, no DOM), named here one export at a
 * time: with src/webviews/page/ (the page library) and its protocol files, this is all a page may
 * import from outside its own folder (the `pageLibrary/imports` lint rule). The modules stay where the
 * host uses them; a page that needs another one adds it here.
 */
export { parsePermalink } from '../../codeRefs/permalinks';
export { findLineReferences } from '../../codeRefs/references';
export { glyphOfEmojiClass } from '../../emoji/glyph';
export { messagePreview } from '../../messageText';
export { formatMessageTime } from '../../time/messageTime';
export { MIB, uploadSizeProblem } from '../../api/messages/uploadSize';
export { parseTrigger, type TypeaheadTrigger } from '../topicView/typeahead';
export { beginningText } from '../topicView/words';
