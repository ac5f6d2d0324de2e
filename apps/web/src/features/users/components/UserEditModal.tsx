import { Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@hivescope/contract';
import { ProfileForm } from '../../../components/profile/ProfileForm';
import { saveUserProfile, usersKeys } from '../api';

/** Admin edits a user's contact data (POST admin/user/{id}/profile). */
export function UserEditModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={t('editTitle', { email: user?.email ?? '' })}
      size="lg"
    >
      {user && (
        <ProfileForm
          key={user.userId}
          initial={user.profile}
          save={(profile) => saveUserProfile(user.userId, profile)}
          onSaved={async () => {
            await queryClient.invalidateQueries({ queryKey: usersKeys.all });
            onClose();
          }}
          testId="user-edit-form"
        />
      )}
    </Modal>
  );
}
