import type { Plugin } from 'vite';

/** One mend of antd-mobile's markup: the module it is in, why, and the exact text it replaces. */
interface AriaPatch {
  module: string;
  why: string;
  from: string;
  to: string;
}

/** The text of `props` without its aria-* keys: a wrapper's props once the field inside carries them. */
const withoutAria = (props: string) => `Object.fromEntries(Object.entries(${props}).filter(([key]) => !key.startsWith("aria-")))`;

/**
 * antd-mobile 5.43's ARIA faults that axe-core finds on PaiClass's screens (issue 25: every screen a
 * journey shoots is checked), mended in its code as the build reads it. The library offers no prop for
 * any of them.
 */
export const ARIA_PATCHES: AriaPatch[] = [
  {
    module: 'input/input.js',
    why: 'the wrapper <div> took every aria-* prop given to the input (a label, a stepper’s aria-value*), which a div without a role may not carry; the <input> keeps them',
    from: 'return withNativeProps(mergedProps, React.createElement("div", {',
    to: `return withNativeProps(${withoutAria('mergedProps')}, React.createElement("div", {`,
  },
  {
    module: 'input/input.js',
    why: 'the clear icon is named ("清除") but had no role for the name',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: antd-mobile's code, matched as text
    from: 'className: `${classPrefix}-clear`,',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: likewise
    to: 'className: `${classPrefix}-clear`,\n    role: "button",',
  },
  {
    module: 'action-sheet/action-sheet.js',
    why: 'the sheet’s actions were options with no list box around them; each is a button',
    from: 'role: \'option\',\n    "aria-disabled": action.disabled',
    to: 'role: \'button\',\n    "aria-disabled": action.disabled',
  },
  {
    module: 'action-sheet/action-sheet.js',
    why: 'the cancel action likewise',
    from: 'role: \'option\',\n    "aria-label": props.cancelText',
    to: 'role: \'button\',\n    "aria-label": props.cancelText',
  },
  {
    module: 'passcode-input/passcode-input.js',
    why: 'the code box was a button with a text field inside (nested interactive): it is a named group that hands focus on',
    from: 'role: \'button\',\n    "aria-label": locale.PasscodeInput.name',
    to: 'role: \'group\',\n    "aria-label": locale.PasscodeInput.name',
  },
  {
    module: 'selector/selector.js',
    why: 'a disabled option was only greyed: it says it is disabled (and so is not held to text contrast, as WCAG 1.4.3 exempts it)',
    from: 'role: \'option\',\n      "aria-selected":',
    to: 'role: \'option\',\n      "aria-disabled": disabled || undefined,\n      "aria-selected":',
  },
  {
    module: 'checkbox/checkbox.js',
    why: 'a checkbox’s aria-label went onto its <label> wrapper, where it may not be; the <input> carries it',
    from: 'return withNativeProps(props, React.createElement("label", {',
    to: `return withNativeProps(${withoutAria('props')}, React.createElement("label", {`,
  },
  {
    module: 'checkbox/checkbox.js',
    why: 'the label, on the input',
    from: 'disabled: disabled,\n    id: props.id\n  }), renderIcon()',
    to: 'disabled: disabled,\n    id: props.id,\n    "aria-label": props[\'aria-label\']\n  }), renderIcon()',
  },
  {
    module: 'checkbox/native-input.js',
    why: 'the native checkbox takes the label given to it',
    from: 'disabled: props.disabled,\n    id: props.id\n  });',
    to: 'disabled: props.disabled,\n    id: props.id,\n    "aria-label": props[\'aria-label\']\n  });',
  },
  {
    module: 'text-area/text-area.js',
    why: 'a text area’s aria-label went onto its wrapper <div>; the <textarea> carries it',
    from: 'return withNativeProps(props, React.createElement("div", {\n    className: classPrefix\n  }, React.createElement("textarea", Object.assign({',
    to: `return withNativeProps(${withoutAria('props')}, React.createElement("div", {\n    className: classPrefix\n  }, React.createElement("textarea", Object.assign({\n    "aria-label": props["aria-label"],`,
  },
  {
    module: 'passcode-input/passcode-input.js',
    why: 'the hidden native input inside the code box could take focus from the keyboard: focus goes to the box, which hands it on',
    from: '"aria-hidden": true\n  }))),',
    to: '"aria-hidden": true,\n    tabIndex: -1\n  }))),',
  },
  {
    module: 'stepper/stepper.js',
    why: 'a stepper’s aria-label named nothing: its box becomes a group, and its number field carries the label',
    from: "readOnly: inputReadOnly,\n    role: 'spinbutton',",
    to: "readOnly: inputReadOnly,\n    \"aria-label\": props['aria-label'],\n    role: 'spinbutton',",
  },
  {
    module: 'stepper/stepper.js',
    why: 'the group for the label above',
    from: 'return withNativeProps(props, React.createElement("div", {\n    className: classNames(classPrefix, {',
    to: 'return withNativeProps(props, React.createElement("div", {\n    role: "group",\n    className: classNames(classPrefix, {',
  },
  {
    module: 'button/button.js',
    why: 'a loading button showed only its dots and lost its name; the words stay for a screen reader (hidden: styles.css)',
    from: '}, props.loadingIcon, props.loadingText) :',
    to: '}, props.loadingIcon, props.loadingText || React.createElement("span", { className: "adm-button-loading-name" }, props.children)) :',
  },
];

/** The module's code with its patches applied; throws when a patch's text is not found (antd-mobile changed). */
export function applyAriaPatches(code: string, id: string) {
  const path = id.replace(/\\/g, '/');
  let out = code;
  for (const p of ARIA_PATCHES) {
    if (!path.endsWith(`/antd-mobile/es/components/${p.module}`)) continue;
    if (!out.includes(p.from))
      throw new Error(`ariaPatches: antd-mobile's ${p.module} no longer holds the text to mend (${p.why}); look again`);
    out = out.replace(p.from, p.to);
  }
  return out;
}

/** The build's plugin: antd-mobile's modules read with the patches above (the dev server's pre-bundle skips them). */
export function ariaPatches(): Plugin {
  return {
    name: 'paiclass-aria-patches',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('antd-mobile/es/components/') && !id.includes('antd-mobile\\es\\components\\')) return null;
      const out = applyAriaPatches(code, id);
      return out === code ? null : { code: out, map: null };
    },
  };
}
