import { Checkbox, Flex, Select } from 'antd';
import { useEnumOptions } from '../../components/resource';
import type { ScopeGrant } from './api';
import { setScopeValues, toggleScope, VALUE_ENUMS } from './scopes';

function ValuesSelect({ name, label, value, onChange, disabled }: { name: string; label: string; value: string[]; onChange: (values: string[]) => void; disabled?: boolean }) {
  const options = useEnumOptions(name);
  return (
    <Select mode="multiple" aria-label={label} placeholder={label} value={value} onChange={onChange} options={options} disabled={disabled} style={{ minWidth: 320 }} maxTagCount="responsive" />
  );
}

interface ScopesEditorProps {
  value: ScopeGrant[];
  onChange: (scopes: ScopeGrant[]) => void;
  disabled?: boolean;
}

/** One checkbox a scope type; countries and teams also take their values. */
export function ScopesEditor({ value, onChange, disabled }: ScopesEditorProps) {
  const types = useEnumOptions('DataScopeType');
  return (
    <Flex vertical gap={12} data-testid="scopes-editor">
      {types.map((type) => {
        const scopeType = type.value as ScopeGrant['scopeType'];
        const grant = value.find((scope) => scope.scopeType === scopeType);
        const valuesFrom = VALUE_ENUMS[scopeType];
        return (
          <Flex key={scopeType} gap={12} align="center" wrap>
            <Checkbox checked={Boolean(grant)} disabled={disabled} onChange={(event) => onChange(toggleScope(value, scopeType, event.target.checked))} style={{ minWidth: 220 }}>
              {type.label}
            </Checkbox>
            {grant && valuesFrom && (
              <ValuesSelect name={valuesFrom} label={type.label} value={grant.values ?? []} disabled={disabled} onChange={(values) => onChange(setScopeValues(value, scopeType, values))} />
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}
